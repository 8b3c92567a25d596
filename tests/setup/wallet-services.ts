/**
 * User operations for the lifecycle tests, the indexer test and bench:writes: a real anvil with the
 * party contract and the wallet infrastructure, a real alto bundler, and helpers to prepare and
 * sign an operation first and send it later (so several land in one bundle), and to push one
 * that reverts past the bundler's simulation (as one does when the state changes between the
 * estimate and the block).
 */
import { http, type Hex } from "viem";
import {
  createBundlerClient,
  entryPoint07Address,
  formatUserOperationRequest,
  type UserOperation,
} from "viem/account-abstraction";
import { localSponsor } from "../../app/wallet/local/sponsor.js";
import { toPartyAccount, type PartyAccount, type ToPartyAccountParameters } from "../../app/wallet/local/smart-account.js";
import { startBundler, type Bundler } from "../../scripts/lib/bundler.js";
import { deployWalletInfra, type DeployWalletInfraReturnType } from "../../scripts/lib/wallet-infra.js";
import { ADMIN } from "../fixtures/accounts.js";
import { createSoftwarePasskey, type SoftwarePasskey } from "../fixtures/software-passkey.js";
import type { TestChain } from "./chain.js";

export type Call = { to: Hex; data: Hex; value?: bigint };

/**
 * Gas limits given up front, so that viem does not ask the bundler to estimate (which simulates
 * the call and refuses one that reverts): enough for a first operation that deploys the account.
 */
export const FIXED_GAS = {
  callGasLimit: 300_000n,
  verificationGasLimit: 1_500_000n,
  preVerificationGas: 200_000n,
  paymasterVerificationGasLimit: 100_000n,
  paymasterPostOpGasLimit: 0n,
} as const;

export type WalletServicesOptions = {
  /**
   * "manual": alto bundles only when asked (`bundleNow()`, its debug_bundler_sendBundleNow), so a
   * test decides which operations share a transaction. "auto" (default): within ~100 ms.
   */
  bundleMode?: "auto" | "manual";
  /** Keys of alto's executor and utility accounts (anvil's accounts 8 and 9 when unset): a second alto on the same chain needs others. */
  executorKey?: Hex;
  utilityKey?: Hex;
};

export async function startWalletServices(
  chain: Pick<TestChain, "rpcUrl" | "publicClient">,
  { bundleMode = "auto", executorKey, utilityKey }: WalletServicesOptions = {},
) {
  const infra: DeployWalletInfraReturnType = await deployWalletInfra({ rpcUrl: chain.rpcUrl, deployer: ADMIN });
  const bundler: Bundler = await startBundler({
    rpcUrl: chain.rpcUrl,
    executorKey,
    utilityKey,
    args: [
      // startBundler already bids at cost with a static tip (see scripts/lib/bundler.ts).
      ...(bundleMode === "manual" ? ["--bundle-mode", "manual", "--enable-debug-endpoints", "true"] : []),
    ],
  });
  const bundlerClient = createBundlerClient({
    client: chain.publicClient,
    transport: http(bundler.url),
    paymaster: localSponsor(infra.paymaster),
    pollingInterval: 50,
  });

  async function account(passkey: SoftwarePasskey = createSoftwarePasskey()): Promise<PartyAccount> {
    return toPartyAccount({ client: chain.publicClient, owner: passkey.account, ...infra });
  }

  /** The PartyAccount signed by `passkey` (a fresh software passkey when unset), with other account parameters. */
  async function accountFor(passkey: SoftwarePasskey = createSoftwarePasskey(), options: Partial<Omit<ToPartyAccountParameters, "client" | "owner">> = {}) {
    return { passkey, account: await toPartyAccount({ client: chain.publicClient, owner: passkey.account, ...infra, ...options }) };
  }

  /** Sends the calls as one user operation and waits for its receipt. */
  async function sendAndWait(account: PartyAccount, calls: { to: Hex; data: Hex }[]) {
    const hash = await bundlerClient.sendUserOperation({ account, calls });
    return bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 30_000 });
  }

  /** Prepares (estimates, sponsors) and signs an operation without sending it. */
  async function signed(account: PartyAccount, calls: Call[], gas?: typeof FIXED_GAS): Promise<UserOperation<"0.7">> {
    const prepared = await bundlerClient.prepareUserOperation({ account, calls, ...(gas ?? {}) });
    const signature = await account.signUserOperation(prepared);
    return { ...prepared, signature } as UserOperation<"0.7">;
  }

  /** eth_sendUserOperation of a signed operation; its hash. */
  function send(operation: UserOperation<"0.7">): Promise<Hex> {
    return bundlerClient.request({ method: "eth_sendUserOperation", params: [formatUserOperationRequest(operation), entryPoint07Address] });
  }

  /** Manual mode: bundles everything in alto's mempool now (one transaction); its hash. */
  async function bundleNow(): Promise<Hex> {
    const response = await fetch(bundler.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "debug_bundler_sendBundleNow", params: [] }),
    });
    const body = (await response.json()) as { result?: Hex; error?: { message: string } };
    if (!body.result) throw new Error(`debug_bundler_sendBundleNow: ${body.error?.message ?? JSON.stringify(body)}`);
    return body.result;
  }

  return {
    infra,
    bundleNow,
    bundler,
    bundlerClient,
    account,
    accountFor,
    sendAndWait,
    signed,
    send,
    stop: () => bundler.stop(),
  };
}

export type WalletServices = Awaited<ReturnType<typeof startWalletServices>>;
