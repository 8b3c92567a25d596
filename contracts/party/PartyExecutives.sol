// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";
import {PartyBase} from "./PartyBase.sol";

/// @notice Chapter executives (promoted by party executives) and party executives (by the party admin).
abstract contract PartyExecutives is PartyBase {
    function promoteChapterExecutive(address account, uint128 chapterId) external onlyPartyExecutive {
        Party.PartyStorage storage $ = _party();
        _chapter(chapterId);
        if ($.memberChapter[account] != chapterId) revert NotAMember();
        if ($.chapterExecutiveOf[account] == chapterId) revert InvalidInput();
        $.chapterExecutiveOf[account] = chapterId;
        emit ChapterExecutivePromoted(account, chapterId, msg.sender);
    }

    function demoteChapterExecutive(address account, uint128 chapterId) external onlyPartyExecutive {
        Party.PartyStorage storage $ = _party();
        if (chapterId == 0 || $.chapterExecutiveOf[account] != chapterId) revert NotAnExecutive();
        delete $.chapterExecutiveOf[account];
        emit ChapterExecutiveDemoted(account, chapterId, msg.sender);
    }

    function promotePartyExecutive(address account) external onlyRole(_party().partyAdmin) {
        Party.PartyStorage storage $ = _party();
        if (!$.partyMember[account]) revert NotAMember();
        if ($.partyExecutive[account]) revert InvalidInput();
        $.partyExecutive[account] = true;
        emit PartyExecutivePromoted(account, msg.sender);
    }

    function demotePartyExecutive(address account) external onlyRole(_party().partyAdmin) {
        Party.PartyStorage storage $ = _party();
        if (!$.partyExecutive[account]) revert NotAnExecutive();
        delete $.partyExecutive[account];
        emit PartyExecutiveDemoted(account, msg.sender);
    }
}
