// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";
import {PartyTransitions} from "./PartyTransitions.sol";

/// @notice Applications to a chapter, their recommendations and their decision.
abstract contract PartyApplications is PartyTransitions {
    /// @notice Applies to a chapter. An application that its chapter's removal closed does not
    /// block the applicant.
    function applyForChapterMembership(uint128 chapterId) external {
        Party.PartyStorage storage $ = _party();
        Party.Chapter storage chapter = _chapter(chapterId);
        if ($.memberChapter[msg.sender] != 0) revert AlreadyJoined();
        if (_pendingChapter(msg.sender) != 0) revert AlreadyApplied();
        $.applicationChapter[msg.sender] = chapterId;
        $.applicationRound[msg.sender] += 1;
        $.recommendationCount[msg.sender] = 0;
        chapter.pendingApplicationCount += 1;
        $.pendingApplicationCount += 1;
        emit Applied(msg.sender, chapterId);
    }

    /// @notice A chapter member recommends several applicants to their own chapter.
    function recommendForChapterMembership(address[] calldata accounts) external {
        Party.PartyStorage storage $ = _party();
        uint128 chapterId = $.memberChapter[msg.sender];
        if (chapterId == 0) revert NotAMember();
        if (accounts.length == 0) revert InvalidInput();
        for (uint256 i = 0; i < accounts.length; i++) {
            address account = accounts[i];
            if (_pendingChapter(account) != chapterId) revert HasNotApplied();
            if (recommended(account, msg.sender)) revert InvalidInput();
            $.recommendedInRound[account][msg.sender] = $.applicationRound[account];
            $.recommendationCount[account] += 1;
            emit Recommended(account, chapterId, msg.sender);
        }
    }

    /// @notice An executive of the applied-to chapter, or a party executive, decides an application.
    function updateMemberApplicationForChapter(address account, bool approved) external {
        Party.PartyStorage storage $ = _party();
        uint128 chapterId = _pendingChapter(account);
        if (chapterId == 0) revert HasNotApplied();
        if ($.chapterExecutiveOf[msg.sender] != chapterId && !$.partyExecutive[msg.sender]) revert NotAnExecutive();
        _closeApplication(account, chapterId, approved, msg.sender);
        if (approved) _joinChapter(account, chapterId);
    }

    /// @notice Whether `recommender` recommended the account's pending application.
    function recommended(address applicant, address recommender) public view returns (bool) {
        Party.PartyStorage storage $ = _party();
        return _pendingChapter(applicant) != 0 && $.recommendedInRound[applicant][recommender] == $.applicationRound[applicant];
    }
}
