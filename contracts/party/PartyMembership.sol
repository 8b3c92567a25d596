// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";
import {PartyTransitions} from "./PartyTransitions.sol";

/// @notice Joining the party without a chapter, leaving, and removals by rank.
abstract contract PartyMembership is PartyTransitions {
    function addMemberToParty(address[] calldata accounts) external onlyPartyExecutive {
        Party.PartyStorage storage $ = _party();
        if (accounts.length == 0) revert InvalidInput();
        for (uint256 i = 0; i < accounts.length; i++) {
            address account = accounts[i];
            if (account == address(0)) revert InvalidInput();
            if ($.partyMember[account]) revert AlreadyJoined();
            $.partyMember[account] = true;
            emit JoinedParty(account, msg.sender);
        }
    }

    function leaveChapter() external {
        uint128 chapterId = _party().memberChapter[msg.sender];
        if (chapterId == 0) revert NotAMember();
        _dropFromChapter(msg.sender, chapterId, msg.sender);
        emit LeftChapter(msg.sender, chapterId);
    }

    function leaveParty() external {
        if (!_party().partyMember[msg.sender]) revert NotAMember();
        _dropFromParty(msg.sender, msg.sender);
        emit LeftParty(msg.sender);
    }

    /// @notice Removes a member from their chapter, by rank: an executive of the chapter removes
    /// plain members, a party executive also chapter executives. Party executives and the
    /// chapter's central committee member are removable only once demoted or unseated.
    function removeMemberFromChapter(address account) external {
        Party.PartyStorage storage $ = _party();
        uint128 chapterId = $.memberChapter[account];
        if (chapterId == 0) revert NotAMember();
        bool byPartyExecutive = $.partyExecutive[msg.sender];
        if ($.chapterExecutiveOf[msg.sender] != chapterId && !byPartyExecutive) revert NotAnExecutive();
        _checkRemovable(account, chapterId);
        if (!byPartyExecutive && $.chapterExecutiveOf[account] == chapterId) revert NotAnExecutive();
        _dropFromChapter(account, chapterId, msg.sender);
        emit RemovedFromChapter(account, chapterId, msg.sender);
    }

    /// @notice A party executive removes a member below party executive from the party (and their
    /// chapter), closing their pending application.
    function removeMemberFromParty(address account) external onlyPartyExecutive {
        Party.PartyStorage storage $ = _party();
        if (!$.partyMember[account]) revert NotAMember();
        _checkRemovable(account, $.memberChapter[account]);
        _dropFromParty(account, msg.sender);
        emit RemovedFromParty(account, msg.sender);
    }
}
