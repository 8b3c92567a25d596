// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";
import {PartyBase} from "./PartyBase.sol";

/// @notice Getters: the namespaced storage has no automatic ones.
abstract contract PartyGetters is PartyBase {
    function partyAdmin() public view returns (address) {
        return _party().partyAdmin;
    }

    function chapterAdmin() external view returns (address) {
        return _party().chapterAdmin;
    }

    function evaluationMinter() external view returns (address) {
        return _party().evaluationMinter;
    }

    function infoSender() external view returns (address) {
        return _party().infoSender;
    }

    function pendingPartyAdmin() external view returns (address) {
        return _party().pendingPartyAdmin;
    }

    function chapterCount() external view returns (uint128) {
        return _party().chapterCount;
    }

    function chapters(uint128 chapterId)
        external
        view
        returns (bytes32 location, uint16 x, uint16 y, bool exists, uint64 memberCount)
    {
        Party.Chapter storage chapter = _party().chapters[chapterId];
        return (chapter.location, chapter.x, chapter.y, chapter.exists, chapter.memberCount);
    }

    function memberChapter(address account) external view returns (uint128) {
        return _party().memberChapter[account];
    }

    function partyMember(address account) external view returns (bool) {
        return _party().partyMember[account];
    }

    /// @notice Chapter of the account's pending application, 0 when there is none.
    function applicationChapter(address account) external view returns (uint128) {
        return _pendingChapter(account);
    }

    function applicationRound(address account) external view returns (uint64) {
        return _party().applicationRound[account];
    }

    /// @notice Recommendations of the account's pending application.
    function recommendationCount(address applicant) external view returns (uint32) {
        return _pendingChapter(applicant) == 0 ? 0 : _party().recommendationCount[applicant];
    }

    /// @notice Pending applications to a chapter (0 for a removed one).
    function pendingApplicationCount(uint128 chapterId) external view returns (uint64) {
        return _party().chapters[chapterId].pendingApplicationCount;
    }

    /// @notice Pending applications, party-wide.
    function totalPendingApplicationCount() external view returns (uint256) {
        return _party().pendingApplicationCount;
    }

    function chapterExecutiveOf(address account) external view returns (uint128) {
        return _party().chapterExecutiveOf[account];
    }

    function partyExecutive(address account) external view returns (bool) {
        return _party().partyExecutive[account];
    }

    function centralCommitteeMember(uint128 chapterId) external view returns (address) {
        return _party().centralCommitteeMember[chapterId];
    }

    function evaluationCount() external view returns (uint256) {
        return _party().evaluationCount;
    }

    function evaluations(uint256 evaluationId)
        external
        view
        returns (uint128 chapterId, uint8 hashCode, uint8 hashSize, bytes32 hashDigest, bool exists)
    {
        Party.Evaluation storage e = _party().evaluations[evaluationId];
        return (e.chapterId, e.hashCode, e.hashSize, e.hashDigest, e.exists);
    }

    /// @notice The evaluation's tally: how many members voted (ever, each counted once) and the sum
    /// of their latest scores. The party-executive score is not part of it.
    function tally(uint256 evaluationId) external view returns (uint64 voteCount, int128 scoreSum) {
        Party.Evaluation storage e = _party().evaluations[evaluationId];
        return (e.voteCount, e.scoreSum);
    }

    function votes(uint256 evaluationId, address voter) external view returns (int8) {
        return _party().votes[evaluationId][voter];
    }

    function hasVoted(uint256 evaluationId, address voter) external view returns (bool) {
        return _party().hasVoted[evaluationId][voter];
    }

    function partyExecutiveScore(uint256 evaluationId) external view returns (int8) {
        return _party().partyExecutiveScore[evaluationId];
    }

    function hasPartyExecutiveScore(uint256 evaluationId) external view returns (bool) {
        return _party().hasPartyExecutiveScore[evaluationId];
    }

    function infoCount() external view returns (uint256) {
        return _party().infoCount;
    }

    function infos(uint256 infoId)
        external
        view
        returns (string memory eventName, uint8 infoType, uint8 hashCode, uint8 hashSize, bytes32 hashDigest, address sender)
    {
        Party.Info storage info = _party().infos[infoId];
        return (info.eventName, info.infoType, info.hashCode, info.hashSize, info.hashDigest, info.sender);
    }
}
