// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";

/// @notice What every part of the party contract shares: its errors and events, the access to its
/// storage (declared here, given by Party with the storage layout), the guards and the lookups.
abstract contract PartyBase {
    // ----------------------------------------------------------------------------------------
    // Errors (SPEC section 8)
    // ----------------------------------------------------------------------------------------
    error AlreadyApplied();
    error AlreadyJoined();
    error HasNotApplied();
    error InvalidInput();
    error NotAChapter();
    error NotAMember();
    error NotAnAdmin();
    error NotAnEvaluation();
    error NotAnExecutive();

    // ----------------------------------------------------------------------------------------
    // Events: one per state change
    // ----------------------------------------------------------------------------------------
    event ChapterAdded(uint128 indexed chapterId, bytes32 location, uint16 x, uint16 y, address indexed by);
    event ChapterLocationUpdated(uint128 indexed chapterId, bytes32 location, uint16 x, uint16 y, address indexed by);
    event ChapterRemoved(uint128 indexed chapterId, address indexed by);

    event Applied(address indexed account, uint128 indexed chapterId);
    event Recommended(address indexed account, uint128 indexed chapterId, address indexed by);
    event ApplicationDecided(address indexed account, uint128 indexed chapterId, bool approved, address indexed by);

    event JoinedChapter(address indexed account, uint128 indexed chapterId, address indexed by);
    event LeftChapter(address indexed account, uint128 indexed chapterId);
    event RemovedFromChapter(address indexed account, uint128 indexed chapterId, address indexed by);

    event JoinedParty(address indexed account, address indexed by);
    event LeftParty(address indexed account);
    event RemovedFromParty(address indexed account, address indexed by);

    event ChapterExecutivePromoted(address indexed account, uint128 indexed chapterId, address indexed by);
    event ChapterExecutiveDemoted(address indexed account, uint128 indexed chapterId, address indexed by);
    event PartyExecutivePromoted(address indexed account, address indexed by);
    event PartyExecutiveDemoted(address indexed account, address indexed by);
    event CentralCommitteeMemberSet(uint128 indexed chapterId, address indexed account, address indexed by);

    event EvaluationMinted(
        uint256 indexed evaluationId,
        uint128 indexed chapterId,
        uint8 hashCode,
        uint8 hashSize,
        bytes32 hashDigest,
        address indexed by
    );
    event VoteCast(uint256 indexed evaluationId, address indexed voter, int8 score);
    event PartyExecutiveScoreSet(uint256 indexed evaluationId, address indexed executive, int8 score);

    event InfoSent(
        uint256 indexed infoId,
        string eventName,
        uint8 indexed infoType,
        uint8 hashCode,
        uint8 hashSize,
        bytes32 hashDigest,
        address indexed sender
    );

    event RoleHolderSet(Party.Role indexed role, address indexed holder, address indexed by);
    /// The party admin proposes `account` as the next party admin (see acceptPartyAdmin).
    event PartyAdminProposed(address indexed account, address indexed by);

    // ----------------------------------------------------------------------------------------
    // Storage and guards
    // ----------------------------------------------------------------------------------------
    /// The party's ERC-7201 namespace; Party gives its slot.
    function _party() internal pure virtual returns (Party.PartyStorage storage $);

    modifier onlyRole(address holder) {
        if (msg.sender != holder) revert NotAnAdmin();
        _;
    }

    modifier onlyPartyExecutive() {
        if (!_party().partyExecutive[msg.sender]) revert NotAnExecutive();
        _;
    }

    // ----------------------------------------------------------------------------------------
    // Lookups
    // ----------------------------------------------------------------------------------------
    function _chapter(uint128 chapterId) internal view returns (Party.Chapter storage chapter) {
        chapter = _party().chapters[chapterId];
        if (!chapter.exists) revert NotAChapter();
    }

    /// The chapter of the account's pending application, 0 when none: an application is pending
    /// until it is decided or closed, and its chapter's removal closes it.
    function _pendingChapter(address account) internal view returns (uint128 chapterId) {
        Party.PartyStorage storage $ = _party();
        chapterId = $.applicationChapter[account];
        if (chapterId != 0 && !$.chapters[chapterId].exists) chapterId = 0;
    }
}
