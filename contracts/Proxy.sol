// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// The ERC-1967 proxy that the party contract is deployed behind; compiled here so that
// `abis/` carries its bytecode next to the implementation's.
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
