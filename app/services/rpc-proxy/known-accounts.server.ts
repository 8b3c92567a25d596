/**
 * Production's second rule for user operations (issue #26): the proxy reads the calls from
 * `callData` (party-calls-only.server.ts), which only means something when the account executes
 * what its call data says. So it forwards a user operation only from an account whose code we
 * know does: one made by a known factory ({@link KNOWN_ACCOUNTS}).
 *
 * - A first operation (v0.7 `factory` and `factoryData`, or v0.6 `initCode`) passes when the
 *   factory is a known one and `factoryData` calls the function that makes its account. The
 *   EntryPoint then creates the sender with that factory or refuses the operation (AA14, AA10).
 * - Otherwise the sender must be deployed: its runtime code (eth_getCode through the upstream) must
 *   be the known account's, and for an ERC-1967 proxy the implementation slot must hold the known
 *   implementation. The verdict is kept per sender for ACCOUNT_CHECK_TTL_MS (a sender with no code
 *   is asked about again each time), and concurrent requests about one sender share one read.
 *
 * What this cannot see: an owner of a Modular Account v2 may upgrade it or install modules and
 * hooks of its own making (a check of the slot notices an upgrade within the TTL, modules it does
 * not read). The Alchemy gas policy's per-sender caps bound what such an account can spend
 * (docs/operations.md, "Sponsorship").
 */
import { createPublicClient, getAddress, http, isAddress, isHex, slice, toFunctionSelector, type Address, type Hex } from "viem";
import { LOCAL_WALLET, MODULAR_ACCOUNT_V2 } from "../../../abis/deployments";
import { shortLived } from "../../utils/short-lived";
import type { JsonRpcError } from "./methods";

/** EIP-1474's "Transaction rejected", as for calls that are not to the party. */
export const NOT_KNOWN_ACCOUNT = -32003;
export const NOT_KNOWN_ACCOUNT_MESSAGE = "Only accounts made by a known account factory are sponsored";
/** How long a deployed sender's verdict is kept. */
export const ACCOUNT_CHECK_TTL_MS = 10 * 60_000;

/** ERC-1967's implementation slot: keccak256("eip1967.proxy.implementation") - 1. */
export const ERC1967_IMPLEMENTATION_SLOT: Hex = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";

export type KnownAccount = {
  name: string;
  factory: Address;
  /** The selectors of the factory functions that make this account. */
  creates: readonly Hex[];
  /** Whether `code` is this account's runtime code (the proxy in front of its implementation). */
  isCode(code: Hex): boolean;
  /** An ERC-1967 proxy: the implementation its slot must hold. */
  erc1967Implementation?: Address;
};

/** ERC-1167's minimal proxy (OpenZeppelin's Clones) of `implementation`. */
export const erc1167Code = (implementation: Address): Hex => `0x363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`;

/** Solady's LibClone ERC-1967 proxy runtime; Modular Account v2's factory appends the owner (20 bytes). */
export const LIBCLONE_ERC1967_CODE: Hex = `0x363d3d373d3d363d7f${ERC1967_IMPLEMENTATION_SLOT.slice(2)}545af43d6000803e6038573d6000fd5b3d6000f3`;

export const KNOWN_ACCOUNTS: readonly KnownAccount[] = [
  {
    // The local wallet's account (contracts/wallet): a clone that cannot be upgraded.
    name: "PartyAccount",
    factory: LOCAL_WALLET.factory,
    creates: [toFunctionSelector("function createAccount(bytes[] owners, bytes32 salt)")],
    isCode: (code) => code.toLowerCase() === erc1167Code(LOCAL_WALLET.accountImplementation),
  },
  {
    // Account Kit's (WALLET_BACKEND=alchemy), see MODULAR_ACCOUNT_V2.
    name: "Modular Account v2",
    factory: MODULAR_ACCOUNT_V2.factory,
    creates: [toFunctionSelector("function createSemiModularAccount(address owner, uint256 salt)")],
    isCode: (code) => code.length === LIBCLONE_ERC1967_CODE.length + 40 && code.toLowerCase().startsWith(LIBCLONE_ERC1967_CODE),
    erc1967Implementation: MODULAR_ACCOUNT_V2.semiModularImplementation,
  },
];

/** What the chain holds at a sender: its runtime code and its ERC-1967 implementation slot. */
export type DeployedAccount = { code: Hex; implementationSlot: Hex };
export type AccountReader = (sender: Address) => Promise<DeployedAccount>;

/** Reads a sender through the upstream in one batch (eth_getCode, eth_getStorageAt). */
export function upstreamAccountReader({ url, timeoutMs }: { url: string; timeoutMs: number }): AccountReader {
  const client = createPublicClient({ transport: http(url, { batch: true, timeout: timeoutMs, retryCount: 0 }) });
  return async (address) => {
    const [code, implementationSlot] = await Promise.all([
      client.getCode({ address }),
      client.getStorageAt({ address, slot: ERC1967_IMPLEMENTATION_SLOT }),
    ]);
    return { code: code ?? "0x", implementationSlot: implementationSlot ?? "0x" };
  };
}

type Verdict = { known: true } | { known: false; reason: string; keep: boolean };

export type KnownAccountsOnlyParameters = {
  read: AccountReader;
  accounts?: readonly KnownAccount[];
  log?: Pick<Console, "warn">;
};

/**
 * The refusal for a user operation whose sender is not a known account (a JSON-RPC error), or
 * undefined to go on. `operation` is the user operation as the method names it.
 */
export function knownAccountsOnly({ read, accounts = KNOWN_ACCOUNTS, log = console }: KnownAccountsOnlyParameters) {
  const verdicts = shortLived<Address, Verdict>({ ttlMs: (v) => (v.known || v.keep ? ACCOUNT_CHECK_TTL_MS : 0) });

  async function deployed(sender: Address): Promise<Verdict> {
    const { code, implementationSlot } = await read(sender);
    if (!isHex(code) || code === "0x") {
      return { known: false, reason: `the sender ${sender} has no code and the operation names no factory`, keep: false };
    }
    const account = accounts.find((a) => a.isCode(code));
    if (!account) return { known: false, reason: `the sender ${sender} is not an account made by a known factory`, keep: true };
    if (account.erc1967Implementation) {
      const implementation = isHex(implementationSlot) && implementationSlot.length === 66 ? getAddress(slice(implementationSlot, 12)) : undefined;
      if (implementation?.toLowerCase() !== account.erc1967Implementation.toLowerCase()) {
        return { known: false, reason: `the sender ${sender} is a ${account.name} proxy of another implementation (${implementation ?? "none"})`, keep: true };
      }
    }
    return { known: true };
  }

  return async (operation: Record<string, unknown>): Promise<JsonRpcError | undefined> => {
    const refuse = (reason: string): JsonRpcError => ({ code: NOT_KNOWN_ACCOUNT, message: `${NOT_KNOWN_ACCOUNT_MESSAGE} (${reason})` });
    const { sender } = operation;
    if (typeof sender !== "string" || !isAddress(sender, { strict: false })) {
      return { code: -32602, message: "Invalid params: the user operation's sender must be an address" };
    }
    const creation = creationOf(operation);
    if (creation === "invalid") return { code: -32602, message: "Invalid params: the user operation's factory must be an address and factoryData hex" };
    if (creation) {
      const account = accounts.find((a) => a.factory.toLowerCase() === creation.factory.toLowerCase());
      if (!account) return refuse(`the factory ${creation.factory} is not a known account factory`);
      const selector = creation.data.length >= 10 ? creation.data.slice(0, 10).toLowerCase() : "0x";
      if (!account.creates.includes(selector as Hex)) return refuse(`the factoryData does not call the ${account.name} factory's account creation`);
      return undefined;
    }
    let verdict: Verdict;
    try {
      verdict = await verdicts.get(getAddress(sender), () => deployed(getAddress(sender)));
    } catch (error) {
      log.warn(`rpc-proxy: reading the account ${getAddress(sender)} upstream failed: ${error instanceof Error ? error.name : "error"}`);
      return { code: -32603, message: "Could not check the sender's account: the upstream did not answer" };
    }
    return verdict.known ? undefined : refuse(verdict.reason);
  };
}

/** The factory and its call data when the operation deploys its account, undefined when not, "invalid" for malformed fields. */
function creationOf(operation: Record<string, unknown>): { factory: Address; data: Hex } | undefined | "invalid" {
  const { factory, factoryData, initCode } = operation;
  const empty = (value: unknown) => value === undefined || value === null || value === "0x";
  if (!empty(factory)) {
    if (typeof factory !== "string" || !isAddress(factory, { strict: false })) return "invalid";
    if (!empty(factoryData) && (typeof factoryData !== "string" || !isHex(factoryData, { strict: true }))) return "invalid";
    return { factory: getAddress(factory), data: typeof factoryData === "string" ? factoryData : "0x" };
  }
  if (!empty(initCode)) {
    if (typeof initCode !== "string" || !isHex(initCode, { strict: true }) || initCode.length < 42) return "invalid";
    return { factory: getAddress(initCode.slice(0, 42)), data: `0x${initCode.slice(42)}` };
  }
  return undefined;
}
