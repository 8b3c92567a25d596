// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";
import {PartyBase} from "./PartyBase.sol";

/// @notice Evaluations of chapters (evaluation minter) and the votes on them.
abstract contract PartyEvaluations is PartyBase {
    /// @notice Mints an evaluation of a chapter; the content identifier is a multihash
    /// (hashCode, hashSize, hashDigest), e.g. 0x12, 0x20, sha2-256 digest for a CIDv0.
    function mintEvaluation(uint128 chapterId, uint8 hashCode, uint8 hashSize, bytes32 hashDigest)
        external
        onlyRole(_party().evaluationMinter)
        returns (uint256 evaluationId)
    {
        Party.PartyStorage storage $ = _party();
        _chapter(chapterId);
        if (hashSize == 0 || hashSize > 32 || hashDigest == bytes32(0)) revert InvalidInput();
        evaluationId = ++$.evaluationCount;
        $.evaluations[evaluationId] = Party.Evaluation(chapterId, hashCode, hashSize, hashDigest, true, 0, 0);
        emit EvaluationMinted(evaluationId, chapterId, hashCode, hashSize, hashDigest, msg.sender);
    }

    /// @notice Members of the evaluated chapter vote; a party executive's vote is the evaluation's
    /// party-executive score (one per evaluation, the latest wins). A second vote replaces the first.
    /// The tally counts every member vote ever cast, each voter's latest: a vote stays counted when
    /// its voter leaves, is removed or becomes a party executive.
    function vote(uint256 evaluationId, int8 score) external {
        Party.PartyStorage storage $ = _party();
        Party.Evaluation storage evaluation = $.evaluations[evaluationId];
        if (!evaluation.exists) revert NotAnEvaluation();
        if ($.partyExecutive[msg.sender]) {
            $.partyExecutiveScore[evaluationId] = score;
            $.hasPartyExecutiveScore[evaluationId] = true;
            emit PartyExecutiveScoreSet(evaluationId, msg.sender, score);
            return;
        }
        if ($.memberChapter[msg.sender] != evaluation.chapterId) revert NotAMember();
        if ($.hasVoted[evaluationId][msg.sender]) {
            evaluation.scoreSum -= $.votes[evaluationId][msg.sender];
        } else {
            $.hasVoted[evaluationId][msg.sender] = true;
            evaluation.voteCount += 1;
        }
        evaluation.scoreSum += score;
        $.votes[evaluationId][msg.sender] = score;
        emit VoteCast(evaluationId, msg.sender, score);
    }
}
