// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";
import {PartyBase} from "./PartyBase.sol";

/// @notice Info messages (info sender): an event name, a type and a content identifier.
abstract contract PartyInfoMessages is PartyBase {
    function sendInfo(string calldata eventName, uint8 infoType, uint8 hashCode, uint8 hashSize, bytes32 hashDigest)
        external
        onlyRole(_party().infoSender)
        returns (uint256 infoId)
    {
        Party.PartyStorage storage $ = _party();
        if (bytes(eventName).length == 0 || bytes(eventName).length > 64) revert InvalidInput();
        if (hashSize == 0 || hashSize > 32 || hashDigest == bytes32(0)) revert InvalidInput();
        infoId = ++$.infoCount;
        $.infos[infoId] = Party.Info(eventName, infoType, hashCode, hashSize, hashDigest, msg.sender);
        emit InfoSent(infoId, eventName, infoType, hashCode, hashSize, hashDigest, msg.sender);
    }
}
