// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Party} from "../Party.sol";

/// @notice Upgrade target used by the tests: Party's storage untouched, new state in a namespace of
/// its own, and a hook that emits any log from the party contract, so that the indexer tests can
/// play events a future version might emit (an unknown role, a recommendation without an
/// application) and check that the indexer records them instead of crashing.
contract PartyV2 is Party {
    /// @custom:storage-location erc7201:party.storage.PartyV2
    struct PartyV2Storage {
        string motto;
    }

    // keccak256(abi.encode(uint256(keccak256("party.storage.PartyV2")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant PARTY_V2_STORAGE_LOCATION = 0xf91428365af1fe2fa046b29870888e04671bfa58c93a779953a25f42f9343c00;

    function _partyV2() private pure returns (PartyV2Storage storage $) {
        assembly {
            $.slot := PARTY_V2_STORAGE_LOCATION
        }
    }

    function version() external pure returns (string memory) {
        return "2";
    }

    function motto() external view returns (string memory) {
        return _partyV2().motto;
    }

    function setMotto(string calldata motto_) external {
        if (msg.sender != partyAdmin()) revert NotAnAdmin();
        _partyV2().motto = motto_;
    }

    /// @notice Emits a log with up to four topics from the party contract (party admin only).
    function emitRawLog(bytes32[] calldata topics, bytes calldata data) external {
        if (msg.sender != partyAdmin()) revert NotAnAdmin();
        if (topics.length > 4) revert InvalidInput();
        bytes memory payload = data;
        uint256 n = topics.length;
        bytes32 t0 = n > 0 ? topics[0] : bytes32(0);
        bytes32 t1 = n > 1 ? topics[1] : bytes32(0);
        bytes32 t2 = n > 2 ? topics[2] : bytes32(0);
        bytes32 t3 = n > 3 ? topics[3] : bytes32(0);
        assembly {
            let ptr := add(payload, 0x20)
            let len := mload(payload)
            switch n
            case 0 { log0(ptr, len) }
            case 1 { log1(ptr, len, t0) }
            case 2 { log2(ptr, len, t0, t1) }
            case 3 { log3(ptr, len, t0, t1, t2) }
            default { log4(ptr, len, t0, t1, t2, t3) }
        }
    }
}
