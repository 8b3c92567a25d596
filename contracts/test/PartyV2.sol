// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";

/// @notice Upgrade target used by the tests: same storage, one new function.
contract PartyV2 is Party {
    function version() external pure returns (string memory) {
        return "2";
    }
}
