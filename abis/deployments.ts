/**
 * Where the party contract lives, per chain and environment: the one place the indexer, the app
 * and the scripts read it from.
 *
 * - local: the local chain 137 (anvil). The contract is deployed through the deterministic CREATE2
 *   deployer with a fixed salt and admin, so its address follows from the bytecode alone and the
 *   indexer can start at block 0.
 * - production: Polygon PoS. Address and start block come from configuration
 *   (PARTY_ADDRESS, PARTY_START_BLOCK), never from this file.
 */
import {
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  keccak256,
  toHex,
  type Address,
  type Hex,
} from "viem";
import { entryPoint07Address } from "viem/account-abstraction";
import { erc1967ProxyBytecode } from "./erc1967-proxy.js";
import { partyAbi, partyBytecode } from "./party.js";

export const CHAIN_ID = 137 as const;
export const PARTY_ENVIRONMENTS = ["local", "production"] as const;
export type PartyEnvironment = (typeof PARTY_ENVIRONMENTS)[number];

export type PartyDeployment = {
  chainId: typeof CHAIN_ID;
  environment: PartyEnvironment;
  address: Address;
  startBlock: number;
};

/** The deterministic deployment proxy that anvil (and most chains) carry at this address. */
export const CREATE2_DEPLOYER: Address = "0x4e59b44847b379578588920cA78FbF26c0B4956C";
export const DEPLOY_SALT: Hex = keccak256(toHex("party-membership/v1"));
/** Anvil's first default account (mnemonic "test test ... junk"): the local party admin. */
export const LOCAL_ADMIN: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** The CREATE2 init codes and addresses of the implementation and the proxy for `admin`. */
export function partyCreate2(admin: Address = LOCAL_ADMIN) {
  const implementation = getContractAddress({
    opcode: "CREATE2",
    from: CREATE2_DEPLOYER,
    salt: DEPLOY_SALT,
    bytecode: partyBytecode,
  });
  const initData = encodeFunctionData({ abi: partyAbi, functionName: "initialize", args: [admin] });
  const proxyInitCode = (erc1967ProxyBytecode +
    encodeAbiParameters([{ type: "address" }, { type: "bytes" }], [implementation, initData]).slice(2)) as Hex;
  const proxy = getContractAddress({ opcode: "CREATE2", from: CREATE2_DEPLOYER, salt: DEPLOY_SALT, bytecode: proxyInitCode });
  return { implementation, implementationInitCode: partyBytecode as Hex, proxy, proxyInitCode };
}

type Env = Record<string, string | undefined>;

/**
 * Why a production process (NODE_ENV=production) refuses to start without PARTY_ENV: `local`, the
 * default elsewhere, serves the development routes (/dev/roles, the Telegram login stand-in that
 * signs with the bot token) and follows the local chain's contracts.
 */
export const PARTY_ENV_REQUIRED =
  "not set; with NODE_ENV=production set PARTY_ENV=production (Polygon: with PARTY_ADDRESS and PARTY_START_BLOCK) or PARTY_ENV=local (a local chain, development routes on)";

/**
 * The deployment selected by PARTY_ENV (default local, except under NODE_ENV=production: there it
 * must be set), with production values from env.
 */
export function partyDeployment(env: Env = process.env): PartyDeployment {
  if (!env.PARTY_ENV && env.NODE_ENV === "production") throw new Error(`PARTY_ENV ${PARTY_ENV_REQUIRED}`);
  const environment = (env.PARTY_ENV ?? "local") as PartyEnvironment;
  if (!PARTY_ENVIRONMENTS.includes(environment)) {
    throw new Error(`PARTY_ENV must be one of ${PARTY_ENVIRONMENTS.join(", ")}, got "${environment}"`);
  }
  if (environment === "local") {
    return { chainId: CHAIN_ID, environment, address: partyCreate2().proxy, startBlock: 0 };
  }
  if (!env.PARTY_ADDRESS || !/^0x[0-9a-fA-F]{40}$/.test(env.PARTY_ADDRESS)) {
    throw new Error("PARTY_ADDRESS must be set to the party contract's address on Polygon for PARTY_ENV=production");
  }
  const startBlock = Number(env.PARTY_START_BLOCK);
  if (!Number.isSafeInteger(startBlock) || startBlock < 0) {
    throw new Error("PARTY_START_BLOCK must be set to the deployment block for PARTY_ENV=production");
  }
  return { chainId: CHAIN_ID, environment, address: getAddress(env.PARTY_ADDRESS), startBlock };
}

export type WalletAddresses = {
  /** EntryPoint v0.7 at its canonical address. */
  entryPoint: Address;
  /** OpenZeppelin's ERC7913WebAuthnVerifier that checks every owner passkey. */
  webAuthnVerifier: Address;
  accountImplementation: Address;
  factory: Address;
  /** SponsorPaymaster: pays the gas of PartyAccount user operations from its deposit. */
  paymaster: Address;
};

/**
 * The wallet contracts on the local chain, deployed through the CREATE2 deployer by
 * scripts/lib/wallet-infra.ts (the paymaster owned by LOCAL_ADMIN), so their addresses follow from
 * the bytecode. Literals, so that reading them costs no hashing of bytecode; a test compares them
 * with the CREATE2 addresses of a fresh compile. The browser gets them from the server
 * (`walletConfig().local`), never from this file.
 */
export const LOCAL_WALLET: WalletAddresses = {
  entryPoint: entryPoint07Address,
  webAuthnVerifier: "0x4a4159C5f06E407CE0F54525895Fa05e0453eEe2",
  accountImplementation: "0xd6A8C733FE48161797b5BCC5074fe9eb10bC58Cd",
  factory: "0xc2b9aBeDba8613278A0eA4E49FA0A34BcDcEd9a5",
  paymaster: "0xFEAB4f886765d41f5C2C0f48123468596570c30f",
};

/**
 * Account Kit's Modular Account v2 as the production wallet makes it (WALLET_BACKEND=alchemy:
 * `useSmartAccountClient({ type: "ModularAccountV2" })` with the Alchemy signer): a semi-modular
 * account, created by the factory's `createSemiModularAccount(owner, salt)` as an ERC-1967 proxy
 * (the owner appended as an immutable argument) of the implementation. Alchemy deployed both at
 * these addresses on Polygon and its other chains. Literals, so that the server needs no Account
 * Kit; a test compares them with @account-kit/smart-contracts' own defaults.
 */
export const MODULAR_ACCOUNT_V2 = {
  factory: "0x00000000000017c61b5bEe81050EC8eFc9c6fecd",
  semiModularImplementation: "0x000000000000c5A9089039570Dd36455b5C07383",
} as const satisfies Record<string, Address>;
