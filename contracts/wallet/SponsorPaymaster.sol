// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Paymaster} from "@openzeppelin/contracts/account/paymaster/Paymaster.sol";
import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";
import {IEntryPoint, PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";

/// @title SponsorPaymaster
/// @notice Pays the gas of every user operation sent by a PartyAccount, from its EntryPoint
/// deposit, so members never hold POL. For the local chain and tests.
/// @dev Sponsors exactly the accounts whose runtime code is the ERC-1167 clone of our PartyAccount
/// implementation (what PartyAccountFactory deploys), checked with EXTCODEHASH on the sender. That
/// needs no storage and no signature service, stays inside the ERC-7562 rules for unstaked
/// paymasters (no storage, empty context, so no postOp), and still keeps the deposit from paying
/// for unrelated senders. It does not limit how much one account spends: on a public chain put a
/// signing sponsor (OpenZeppelin PaymasterSigner) or a provider's paymaster in front instead.
contract SponsorPaymaster is Paymaster, Ownable {
    /// @notice keccak256 of the runtime code of a PartyAccount clone.
    bytes32 public immutable accountCodeHash;

    constructor(address accountImplementation, address initialOwner) Ownable(initialOwner) {
        accountCodeHash = keccak256(
            abi.encodePacked(hex"363d3d373d3d3d363d73", accountImplementation, hex"5af43d82803e903d91602b57fd5bf3")
        );
    }

    /// @inheritdoc Paymaster
    function entryPoint() public pure override returns (IEntryPoint) {
        return ERC4337Utils.ENTRYPOINT_V07;
    }

    /// @notice The deposit in the EntryPoint that pays for sponsored operations.
    function getDeposit() external view returns (uint256) {
        return entryPoint().balanceOf(address(this));
    }

    /// @notice Anyone may top up the deposit.
    function deposit() external payable {
        _deposit(msg.value);
    }

    function withdraw(address payable to, uint256 amount) external onlyOwner {
        _withdraw(to, amount);
    }

    function addStake(uint32 unstakeDelaySec) external payable onlyOwner {
        _addStake(msg.value, unstakeDelaySec);
    }

    function unlockStake() external onlyOwner {
        _unlockStake();
    }

    function withdrawStake(address payable to) external onlyOwner {
        _withdrawStake(to);
    }

    function _validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256)
        internal
        view
        override
        returns (bytes memory context, uint256 validationData)
    {
        bool sponsored = userOp.sender.codehash == accountCodeHash;
        return ("", sponsored ? ERC4337Utils.SIG_VALIDATION_SUCCESS : ERC4337Utils.SIG_VALIDATION_FAILED);
    }
}
