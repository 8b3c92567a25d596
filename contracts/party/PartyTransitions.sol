// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";
import {PartyBase} from "./PartyBase.sol";

/// @notice The state changes several entry points share: joining and leaving a chapter or the
/// party, closing an application, and the rank rule's ceilings on removals.
abstract contract PartyTransitions is PartyBase {
    /// Decides (or closes, rejected) a pending application; its recommendations go with it.
    function _closeApplication(address account, uint128 chapterId, bool approved, address by) internal {
        Party.PartyStorage storage $ = _party();
        delete $.applicationChapter[account];
        delete $.recommendationCount[account];
        $.chapters[chapterId].pendingApplicationCount -= 1;
        $.pendingApplicationCount -= 1;
        emit ApplicationDecided(account, chapterId, approved, by);
    }

    /// The rank rule's ceilings: nobody removes a party executive (the party admin demotes them
    /// first) or the chapter's central committee member (the chapter admin clears the seat first).
    function _checkRemovable(address account, uint128 chapterId) internal view {
        Party.PartyStorage storage $ = _party();
        if ($.partyExecutive[account]) revert NotAnAdmin();
        if (chapterId != 0 && $.centralCommitteeMember[chapterId] == account) revert NotAnAdmin();
    }

    /// Joining a chapter makes the account a party member too.
    function _joinChapter(address account, uint128 chapterId) internal {
        Party.PartyStorage storage $ = _party();
        $.memberChapter[account] = chapterId;
        $.chapters[chapterId].memberCount += 1;
        emit JoinedChapter(account, chapterId, msg.sender);
        if (!$.partyMember[account]) {
            $.partyMember[account] = true;
            emit JoinedParty(account, msg.sender);
        }
    }

    /// Leaving a chapter also gives up the chapter's executive role and central committee seat.
    function _dropFromChapter(address account, uint128 chapterId, address by) internal {
        Party.PartyStorage storage $ = _party();
        delete $.memberChapter[account];
        $.chapters[chapterId].memberCount -= 1;
        if ($.chapterExecutiveOf[account] == chapterId) {
            delete $.chapterExecutiveOf[account];
            emit ChapterExecutiveDemoted(account, chapterId, by);
        }
        if ($.centralCommitteeMember[chapterId] == account) {
            delete $.centralCommitteeMember[chapterId];
            emit CentralCommitteeMemberSet(chapterId, address(0), by);
        }
    }

    /// Leaving the party also closes a pending application (rejected, by whoever ends the
    /// membership), leaves the chapter and gives up the party executive role.
    function _dropFromParty(address account, address by) internal {
        Party.PartyStorage storage $ = _party();
        uint128 pending = _pendingChapter(account);
        if (pending != 0) _closeApplication(account, pending, false, by);
        uint128 chapterId = $.memberChapter[account];
        if (chapterId != 0) {
            _dropFromChapter(account, chapterId, by);
            if (by == account) emit LeftChapter(account, chapterId);
            else emit RemovedFromChapter(account, chapterId, by);
        }
        if ($.partyExecutive[account]) {
            delete $.partyExecutive[account];
            emit PartyExecutiveDemoted(account, by);
        }
        delete $.partyMember[account];
    }
}
