// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {PartyApplications} from "./party/PartyApplications.sol";
import {PartyChapters} from "./party/PartyChapters.sol";
import {PartyEvaluations} from "./party/PartyEvaluations.sol";
import {PartyExecutives} from "./party/PartyExecutives.sol";
import {PartyGetters} from "./party/PartyGetters.sol";
import {PartyInfoMessages} from "./party/PartyInfoMessages.sol";
import {PartyMembership} from "./party/PartyMembership.sol";
import {PartyRoles} from "./party/PartyRoles.sol";

/// @title Party
/// @notice Membership, chapters, roles, evaluations and votes of a party with local chapters.
/// @dev Written from the product specification (the original source is not public). Every state
/// change emits an event that carries everything needed to rebuild the state from logs alone, so
/// the indexer never reads storage. Who may call what: docs/permissions.md.
///
/// This file holds the types, the storage and the set-up; the functions are in contracts/party/,
/// one part per idea, with the errors and events in PartyBase. The types are declared here, in
/// `Party`, because their names are part of the ABI (`enum Party.Role`) and of the committed
/// storage layout (`struct Party.Chapter`, ...); the parts refer to them as `Party.X`.
contract Party is
    Initializable,
    UUPSUpgradeable,
    PartyRoles,
    PartyChapters,
    PartyApplications,
    PartyMembership,
    PartyExecutives,
    PartyEvaluations,
    PartyInfoMessages,
    PartyGetters
{
    // ----------------------------------------------------------------------------------------
    // Types and state (SPEC section 3)
    // ----------------------------------------------------------------------------------------
    enum Role {
        PartyAdmin,
        ChapterAdmin,
        EvaluationMinter,
        InfoSender
    }

    struct Chapter {
        bytes32 location;
        uint16 x;
        uint16 y;
        bool exists;
        uint64 memberCount;
        uint64 pendingApplicationCount;
    }

    struct Evaluation {
        uint128 chapterId;
        uint8 hashCode;
        uint8 hashSize;
        bytes32 hashDigest;
        bool exists;
        /// The tally: every member vote ever cast, each voter's latest (docs/permissions.md).
        uint64 voteCount;
        int128 scoreSum;
    }

    struct Info {
        string eventName;
        uint8 infoType;
        uint8 hashCode;
        uint8 hashSize;
        bytes32 hashDigest;
        address sender;
    }

    /// All state, in one ERC-7201 namespace (as OpenZeppelin's upgradeable parents keep theirs), so
    /// that neither a parent nor a later version can land on it by declaring a variable. A new
    /// version appends members at the end and never moves, retypes or drops one:
    /// tests/contracts/storage-layout.test.ts holds it to contracts/Party.storage-layout.json.
    /// @custom:storage-location erc7201:party.storage.Party
    struct PartyStorage {
        address partyAdmin;
        address chapterAdmin;
        address evaluationMinter;
        address infoSender;
        /// Proposed by the party admin, becomes party admin on accepting; zero when none.
        address pendingPartyAdmin;
        /// Number of chapters ever added; chapter ids run from 1 to chapterCount.
        uint128 chapterCount;
        mapping(uint128 chapterId => Chapter) chapters;
        /// Chapter of a member, 0 when the account is in no chapter.
        mapping(address account => uint128 chapterId) memberChapter;
        mapping(address account => bool) partyMember;
        /// Chapter of the account's last application; pending only while that chapter exists and
        /// until it is decided (see _pendingChapter).
        mapping(address account => uint128 chapterId) applicationChapter;
        /// Counts an account's applications; recommendations belong to one application (round).
        mapping(address account => uint64) applicationRound;
        mapping(address applicant => mapping(address recommender => uint64 round)) recommendedInRound;
        mapping(address applicant => uint32) recommendationCount;
        /// Pending applications party-wide; each chapter counts its own.
        uint256 pendingApplicationCount;
        /// Chapter an account is an executive of, 0 when none.
        mapping(address account => uint128 chapterId) chapterExecutiveOf;
        mapping(address account => bool) partyExecutive;
        mapping(uint128 chapterId => address) centralCommitteeMember;
        uint256 evaluationCount;
        mapping(uint256 evaluationId => Evaluation) evaluations;
        mapping(uint256 evaluationId => mapping(address voter => int8)) votes;
        mapping(uint256 evaluationId => mapping(address voter => bool)) hasVoted;
        mapping(uint256 evaluationId => int8) partyExecutiveScore;
        mapping(uint256 evaluationId => bool) hasPartyExecutiveScore;
        uint256 infoCount;
        mapping(uint256 infoId => Info) infos;
    }

    // keccak256(abi.encode(uint256(keccak256("party.storage.Party")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant PARTY_STORAGE_LOCATION = 0xfb2a241e684a7071891d2b09b697cd018985611b40638b4eb8511c9d66bcc200;

    function _party() internal pure override returns (PartyStorage storage $) {
        assembly {
            $.slot := PARTY_STORAGE_LOCATION
        }
    }

    // ----------------------------------------------------------------------------------------
    // Set-up and upgrades
    // ----------------------------------------------------------------------------------------
    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Makes `admin` the holder of every role. Callable once, through the proxy.
    function initialize(address admin) external initializer {
        if (admin == address(0)) revert InvalidInput();
        _setRole(Role.PartyAdmin, admin);
        _setRole(Role.ChapterAdmin, admin);
        _setRole(Role.EvaluationMinter, admin);
        _setRole(Role.InfoSender, admin);
    }

    function _authorizeUpgrade(address) internal view override {
        if (msg.sender != _party().partyAdmin) revert NotAnAdmin();
    }
}
