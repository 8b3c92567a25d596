// SPDX-License-Identifier: MIT
pragma solidity ^0.8.27;

// OpenZeppelin's ERC-7913 WebAuthn verifier, used as is: every PartyAccount owner is
// `verifier ++ qx ++ qy` and is checked by this one stateless contract. Compiled here so that
// `abis/` carries its bytecode for the deterministic deployment.
import {ERC7913WebAuthnVerifier} from "@openzeppelin/contracts/utils/cryptography/verifiers/ERC7913WebAuthnVerifier.sol";
