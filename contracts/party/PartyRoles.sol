// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";
import {PartyBase} from "./PartyBase.sol";

/// @notice The role holders, set by the party admin.
abstract contract PartyRoles is PartyBase {
    /// @notice Proposes the next party admin, who takes over on calling acceptPartyAdmin (two steps,
    /// as OpenZeppelin's Ownable2Step, so a mistyped address never gets the role). A new proposal
    /// replaces a pending one.
    function setPartyAdmin(address account) external onlyRole(_party().partyAdmin) {
        if (account == address(0)) revert InvalidInput();
        _party().pendingPartyAdmin = account;
        emit PartyAdminProposed(account, msg.sender);
    }

    /// @notice The proposed party admin takes the role over.
    function acceptPartyAdmin() external {
        Party.PartyStorage storage $ = _party();
        if (msg.sender != $.pendingPartyAdmin) revert NotAnAdmin();
        delete $.pendingPartyAdmin;
        _setRole(Party.Role.PartyAdmin, msg.sender);
    }

    function setChapterAdmin(address holder) external onlyRole(_party().partyAdmin) {
        _setRole(Party.Role.ChapterAdmin, holder);
    }

    function setEvaluationMinter(address holder) external onlyRole(_party().partyAdmin) {
        _setRole(Party.Role.EvaluationMinter, holder);
    }

    function setInfoSender(address holder) external onlyRole(_party().partyAdmin) {
        _setRole(Party.Role.InfoSender, holder);
    }

    function _setRole(Party.Role role, address holder) internal {
        if (holder == address(0)) revert InvalidInput();
        Party.PartyStorage storage $ = _party();
        if (role == Party.Role.PartyAdmin) $.partyAdmin = holder;
        else if (role == Party.Role.ChapterAdmin) $.chapterAdmin = holder;
        else if (role == Party.Role.EvaluationMinter) $.evaluationMinter = holder;
        else $.infoSender = holder;
        emit RoleHolderSet(role, holder, msg.sender);
    }
}
