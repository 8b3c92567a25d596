// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {PartyAccount} from "./PartyAccount.sol";

/// @title PartyAccountFactory
/// @notice Creates PartyAccount clones (ERC-1167) at addresses that follow from the owner list and
/// a salt, so an account has its address before it exists (the first user operation deploys it).
/// @dev The owner list must be normalised as SPEC section 5 says: no empty entries, no duplicates,
/// sorted ascending (byte-wise, which for same-length `verifier ++ qx ++ qy` owners is numeric
/// order of the public keys). The client normalises; the factory refuses anything else, so one set
/// of owners has exactly one address.
contract PartyAccountFactory {
    address public immutable accountImplementation;

    event AccountCreated(address indexed account, bytes[] owners, bytes32 salt);

    error EmptyOwnersNotAllowed();
    error OwnersNotNormalised();

    constructor(address implementation) {
        accountImplementation = implementation;
    }

    /// @notice Creates the account, or returns it when it exists already (idempotent, as the
    /// EntryPoint and ERC-6492 verifiers expect).
    function createAccount(bytes[] calldata owners, bytes32 salt) external returns (address account) {
        bytes32 cloneSalt = _cloneSalt(owners, salt);
        account = Clones.predictDeterministicAddress(accountImplementation, cloneSalt);
        if (account.code.length > 0) return account;
        Clones.cloneDeterministic(accountImplementation, cloneSalt);
        PartyAccount(payable(account)).initialize(owners);
        emit AccountCreated(account, owners, salt);
    }

    /// @notice The address `createAccount(owners, salt)` creates.
    function getAddress(bytes[] calldata owners, bytes32 salt) external view returns (address) {
        return Clones.predictDeterministicAddress(accountImplementation, _cloneSalt(owners, salt));
    }

    function _cloneSalt(bytes[] calldata owners, bytes32 salt) private pure returns (bytes32) {
        if (owners.length == 0) revert EmptyOwnersNotAllowed();
        for (uint256 i = 0; i < owners.length; ++i) {
            if (owners[i].length == 0) revert OwnersNotNormalised();
            if (i > 0 && !_ascending(owners[i - 1], owners[i])) revert OwnersNotNormalised();
        }
        return keccak256(abi.encode(owners, salt));
    }

    /// @dev Whether `a` sorts strictly before `b` (byte-wise; a proper prefix sorts first).
    function _ascending(bytes calldata a, bytes calldata b) private pure returns (bool) {
        uint256 n = a.length < b.length ? a.length : b.length;
        for (uint256 i = 0; i < n; ++i) {
            if (a[i] != b[i]) return a[i] < b[i];
        }
        return a.length < b.length;
    }
}
