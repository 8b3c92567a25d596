// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

import {Account} from "@openzeppelin/contracts/account/Account.sol";
import {ERC7821} from "@openzeppelin/contracts/account/extensions/draft-ERC7821.sol";
import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {IEntryPoint} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {Bytes} from "@openzeppelin/contracts/utils/Bytes.sol";
import {P256} from "@openzeppelin/contracts/utils/cryptography/P256.sol";
import {MultiSignerERC7913Upgradeable} from
    "@openzeppelin/contracts-upgradeable/utils/cryptography/signers/MultiSignerERC7913Upgradeable.sol";

/// @title PartyAccount
/// @notice The member's smart account: an ERC-4337 account (EntryPoint v0.7) owned by one or more
/// passkeys (at most MAX_OWNERS: a person's devices), any one of which may sign (threshold 1).
/// Calls go out in ERC-7821 batches.
/// @dev Composed from OpenZeppelin parts only: {Account} validates user operations with the
/// signers of {MultiSignerERC7913Upgradeable}, {ERC7821} executes batches. Each owner is an
/// ERC-7913 signer `webAuthnVerifier ++ qx ++ qy` (84 bytes) checked by the
/// ERC7913WebAuthnVerifier. Deployed as ERC-1167 clones by PartyAccountFactory, hence the
/// upgradeable (namespaced-storage, initializer-based) variant of the multi-signer.
///
/// A signature, for user operations and ERC-1271 alike, is
/// `abi.encode(bytes[] signers, bytes[] signatures)` with one signer and its WebAuthn assertion
/// `abi.encode(r, s, challengeIndex, typeIndex, authenticatorData, clientDataJSON)`.
///
/// ERC-1271 here is plain: the owner signs the hash itself, not an ERC-7739 envelope that names
/// this account. A passkey that owns two accounts therefore produces a signature that both accept.
/// That is acceptable for this product because every typed data it asks members to sign (the
/// membership proof and the signed command, SPEC section 3) carries the signer's address in the
/// message and the party contract as the EIP-712 verifying contract, so a signature made as one
/// account never reads as a statement by another. Do not use these signatures for anything that
/// does not bind the account address (plain personal_sign messages, permits of other contracts).
contract PartyAccount is Account, ERC7821, MultiSignerERC7913Upgradeable, IERC1271 {
    /// @notice The most passkeys an account may have: one per device of one person, with room to
    /// spare. It bounds the owner list every page and sign-in reads (SPEC 9 shows no product value).
    uint256 public constant MAX_OWNERS = 10;

    /// @notice The ERC7913WebAuthnVerifier every owner is checked with.
    address public immutable webAuthnVerifier;

    /// @notice An owner is not `webAuthnVerifier ++ qx ++ qy` with a valid P-256 public key.
    error InvalidOwner(bytes owner);
    /// @notice Removing an owner the account does not have.
    error OwnerDoesNotExist(bytes owner);
    /// @notice The account would be left without owners.
    error EmptyOwnersNotAllowed();
    /// @notice The account would have more than MAX_OWNERS owners.
    error OwnersLimitExceeded();

    /// @notice The full owner bytes, so that the owner list can be rebuilt from logs alone
    /// (OpenZeppelin's ERC7913SignerAdded/Removed only carry their hash, as indexed topics).
    event OwnersUpdated(bytes[] added, bytes[] removed);

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor(address verifier) {
        if (verifier == address(0)) revert InvalidOwner("");
        webAuthnVerifier = verifier;
        _disableInitializers();
    }

    /// @notice Sets the first owners. Called once by the factory in the transaction that creates
    /// the clone, so it cannot be front-run.
    function initialize(bytes[] calldata initialOwners) external initializer {
        __MultiSignerERC7913_init(initialOwners, 1);
        emit OwnersUpdated(initialOwners, new bytes[](0));
    }

    /// @inheritdoc Account
    function entryPoint() public pure override returns (IEntryPoint) {
        return ERC4337Utils.ENTRYPOINT_V07;
    }

    /// @notice Adds and removes owners in one call (additions first, so an owner can be replaced;
    /// the limits apply to the result, so a full account can still replace one). Callable by the
    /// account itself (an owner-signed user operation) or the EntryPoint.
    function updateOwners(bytes[] calldata ownersToAdd, bytes[] calldata ownersToRemove) external onlyEntryPointOrSelf {
        _addSigners(ownersToAdd);
        for (uint256 i = 0; i < ownersToRemove.length; ++i) {
            if (!isSigner(ownersToRemove[i])) revert OwnerDoesNotExist(ownersToRemove[i]);
        }
        _removeSigners(ownersToRemove);
        emit OwnersUpdated(ownersToAdd, ownersToRemove);
    }

    /// @notice The owner list (SPEC section 3), each `webAuthnVerifier ++ qx ++ qy`.
    function owners() external view returns (bytes[] memory) {
        return getSigners(0, type(uint64).max);
    }

    /// @notice ERC-1271: the magic value when an owner signed `hash` (see the contract notes on
    /// why no ERC-7739 envelope).
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return _rawSignatureValidation(hash, signature) ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }

    /// @dev The EntryPoint may call {execute} directly, besides the account itself.
    function _erc7821AuthorizedExecutor(address caller, bytes32 mode, bytes calldata executionData)
        internal
        view
        override
        returns (bool)
    {
        return caller == address(entryPoint()) || super._erc7821AuthorizedExecutor(caller, mode, executionData);
    }

    /// @dev Only passkeys checked by our WebAuthn verifier may own the account.
    function _addSigners(bytes[] memory newSigners) internal override {
        for (uint256 i = 0; i < newSigners.length; ++i) {
            if (!_isPasskeyOwner(newSigners[i])) revert InvalidOwner(newSigners[i]);
        }
        super._addSigners(newSigners);
    }

    /// @dev Runs after every change of the owners or the threshold (initialize sets the threshold
    /// after adding, updateOwners removes after adding), so it sees the final owner count.
    function _validateReachableThreshold() internal view override {
        uint256 count = getSignerCount();
        if (count == 0) revert EmptyOwnersNotAllowed();
        if (count > MAX_OWNERS) revert OwnersLimitExceeded();
        super._validateReachableThreshold();
    }

    function _isPasskeyOwner(bytes memory owner) private view returns (bool) {
        if (owner.length != 84) return false;
        address verifier = address(bytes20(Bytes.slice(owner, 0, 20)));
        bytes32 qx = bytes32(Bytes.slice(owner, 20, 52));
        bytes32 qy = bytes32(Bytes.slice(owner, 52, 84));
        return verifier == webAuthnVerifier && P256.isValidPublicKey(qx, qy);
    }
}
