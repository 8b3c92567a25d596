// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";
import {PartyTransitions} from "./PartyTransitions.sol";

/// @notice Chapters and their central committee seats (chapter admin).
abstract contract PartyChapters is PartyTransitions {
    /// @notice Adds several chapters at once, each with its founding applicants, who join it.
    /// @dev Parallel arrays: one entry per chapter. Empty or mismatched arrays revert.
    function addChapterToParty(
        address[][] calldata applicants,
        bytes32[] calldata locations,
        uint16[] calldata xs,
        uint16[] calldata ys
    ) external onlyRole(_party().chapterAdmin) {
        Party.PartyStorage storage $ = _party();
        uint256 n = locations.length;
        if (n == 0 || applicants.length != n || xs.length != n || ys.length != n) revert InvalidInput();
        for (uint256 i = 0; i < n; i++) {
            if (locations[i] == bytes32(0)) revert InvalidInput();
            uint128 chapterId = ++$.chapterCount;
            $.chapters[chapterId] = Party.Chapter(locations[i], xs[i], ys[i], true, 0, 0);
            emit ChapterAdded(chapterId, locations[i], xs[i], ys[i], msg.sender);
            for (uint256 j = 0; j < applicants[i].length; j++) {
                address account = applicants[i][j];
                if (account == address(0)) revert InvalidInput();
                if ($.memberChapter[account] != 0) revert AlreadyJoined();
                if (_pendingChapter(account) != 0) revert AlreadyApplied();
                _joinChapter(account, chapterId);
            }
        }
    }

    function updateChapterLocation(uint128 chapterId, bytes32 location, uint16 x, uint16 y)
        external
        onlyRole(_party().chapterAdmin)
    {
        Party.Chapter storage chapter = _chapter(chapterId);
        if (location == bytes32(0)) revert InvalidInput();
        chapter.location = location;
        chapter.x = x;
        chapter.y = y;
        emit ChapterLocationUpdated(chapterId, location, x, y, msg.sender);
    }

    /// @notice Removes an empty chapter and closes its pending applications. Members must leave or
    /// be removed first, so that no member, executive or central committee seat is left pointing at
    /// a removed chapter.
    /// @dev The applications are closed all at once, without a loop: an application counts as
    /// pending only while its chapter exists (_pendingChapter), and ChapterRemoved is their closing
    /// event. A loop would let anyone make the removal too expensive by applying.
    function removeChapter(uint128 chapterId) external onlyRole(_party().chapterAdmin) {
        Party.PartyStorage storage $ = _party();
        Party.Chapter storage chapter = _chapter(chapterId);
        if (chapter.memberCount != 0) revert InvalidInput();
        $.pendingApplicationCount -= chapter.pendingApplicationCount;
        delete $.chapters[chapterId];
        emit ChapterRemoved(chapterId, msg.sender);
    }

    function setCentralCommitteeMember(uint128 chapterId, address account) external onlyRole(_party().chapterAdmin) {
        _chapter(chapterId);
        if (account != address(0) && _party().memberChapter[account] != chapterId) revert NotAMember();
        _party().centralCommitteeMember[chapterId] = account;
        emit CentralCommitteeMemberSet(chapterId, account, msg.sender);
    }
}
