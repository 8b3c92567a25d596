/**
 * What the wallet's JSON-RPC proxy lets through (the methods and their kinds), its limits, and
 * the shapes of its configuration and answers.
 */
export type RpcMethodKind = "chain" | "bundler" | "paymaster" | "alchemy";

/** The one list of what the wallet may call through the proxy, and what kind of method each is. */
export const RPC_ALLOWED_METHODS = {
  // Reads a wallet makes: chain id, head, balance, nonce, code, simulation, fees, receipts.
  eth_chainId: "chain",
  net_version: "chain",
  eth_blockNumber: "chain",
  eth_call: "chain",
  eth_estimateGas: "chain",
  eth_getBalance: "chain",
  eth_getCode: "chain",
  eth_getStorageAt: "chain",
  eth_getTransactionCount: "chain",
  eth_getBlockByNumber: "chain",
  eth_getBlockByHash: "chain",
  eth_getTransactionByHash: "chain",
  eth_getTransactionReceipt: "chain",
  eth_gasPrice: "chain",
  eth_maxPriorityFeePerGas: "chain",
  eth_feeHistory: "chain",
  // ERC-4337 bundler.
  eth_estimateUserOperationGas: "bundler",
  eth_supportedEntryPoints: "bundler",
  eth_getUserOperationByHash: "bundler",
  eth_getUserOperationReceipt: "bundler",
  eth_sendUserOperation: "bundler",
  // ERC-7677 paymaster (gas sponsorship).
  pm_getPaymasterStubData: "paymaster",
  pm_getPaymasterData: "paymaster",
  // Alchemy's gas manager (Account Kit uses it when a sponsorship policy id is configured).
  alchemy_requestGasAndPaymasterAndData: "alchemy",
  // Alchemy's own.
  rundler_maxPriorityFeePerGas: "alchemy",
  alchemy_simulateUserOperationAssetChanges: "alchemy",
} as const satisfies Record<string, RpcMethodKind>;

export type RpcAllowedMethod = keyof typeof RPC_ALLOWED_METHODS;

export const RPC_MAX_BODY_BYTES = 64 * 1024;
export const RPC_MAX_BATCH = 20;
export const RPC_DEFAULT_TIMEOUT_MS = 10_000;
/** A body over the limit is still read (and dropped) up to this size, so that the client gets its 413. */
export const RPC_DRAIN_BYTES = 1024 * 1024;
/** An upstream answer larger than this is refused (a full block with transactions is far below). */
export const MAX_UPSTREAM_BYTES = 8 * 1024 * 1024;
/** Account Kit's headers naming the SDK and signer type (SPEC 7): forwarded, nothing else is. */
export const FORWARDED_HEADER = /^alchemy-aa-sdk-/i;

export type RpcUpstream = {
  /** For log lines: "alchemy", "chain", "bundler". Never the URL. */
  name: string;
  url: string;
  /** Whether it takes JSON-RPC batches (alto does not). */
  batch: boolean;
};

export type RpcRoute =
  | { type: "forward"; upstream: RpcUpstream; method: string }
  | { type: "answer"; answer: (params: unknown) => RpcOutcome };

export type RpcProxyConfig = {
  mode: "production" | "local";
  route(method: RpcAllowedMethod): RpcRoute;
  /**
   * The refusal for an allowed method's request that must not be forwarded (production: user
   * operations with calls not to the party, or from an account no known factory made), else undefined.
   */
  screen?(method: RpcAllowedMethod, params: unknown): JsonRpcError | undefined | Promise<JsonRpcError | undefined>;
  timeoutMs: number;
  /** Texts that must never appear in a response or a log line (the key, the upstream URLs). */
  secrets: string[];
};

export type JsonRpcId = string | number | null;
export type JsonRpcError = { code: number; message: string; data?: unknown };
export type RpcOutcome = { result: unknown } | { error: JsonRpcError };
export type JsonRpcResponse = { jsonrpc: "2.0"; id: JsonRpcId } & RpcOutcome;
