/**
 * Starts the @pimlico/alto ERC-4337 bundler against a local chain, for EntryPoint v0.7.
 *
 * Alto's JS entry is spawned with this Node binary (not the npm wrapper), so the PID we hold is
 * the bundler's own and a kill really stops it. Two things are specific to running it locally:
 *
 * - Safe mode (the ERC-7562 validation rules) is off: it needs geth's JS tracer, which anvil lacks.
 * - On chain id 137 alto asks the Polygon gas station (on the internet) for gas prices. A small
 *   preloaded module makes that request fail at once, so alto falls back to the local node's fee
 *   data, with or without a network.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { toHex, type Address, type Hex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { entryPoint07Address } from "viem/account-abstraction";
import { ANVIL_MNEMONIC } from "./accounts.js";
import { freePort } from "./free-port.js";
import { keepOutput, killWithParent, stopProcess } from "./processes.js";

const require = createRequire(import.meta.url);

export type StartBundlerParameters = {
  rpcUrl: string;
  port?: number;
  /** Key of the account that sends the bundles; anvil's account 8 when unset. */
  executorKey?: Hex;
  /** Key of the account that deploys alto's simulation contracts; anvil's account 9 when unset. */
  utilityKey?: Hex;
  entryPoint?: Address;
  /** Alto's log level; "warn" when unset. The output is kept and shown if alto fails to start. */
  logLevel?: "trace" | "debug" | "info" | "warn" | "error" | "fatal";
  /** Milliseconds to wait for alto to answer; 60 s when unset. */
  timeoutMs?: number;
  /** Extra command-line arguments. */
  args?: string[];
};

export type Bundler = {
  url: string;
  port: number;
  process: ChildProcess;
  /** The last few kilobytes alto printed. */
  output(): string;
  stop(): Promise<void>;
};

export function altoEntry(): string {
  // The package exports only ".", which resolves to esm/index.js; the CLI sits next to it.
  return join(dirname(require.resolve("@pimlico/alto")), "cli", "alto.js");
}

function anvilKey(index: number): Hex {
  return toHex(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey!);
}

/** Preloaded into alto: the Polygon gas-station request fails at once (see the module notes). */
const NO_GAS_STATION = `data:text/javascript,${encodeURIComponent(`
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith("https://gasstation.polygon.technology")) {
    return Promise.reject(new Error("local chain: the Polygon gas station is not used"));
  }
  return realFetch(input, init);
};
`)}`;

export async function startBundler(params: StartBundlerParameters): Promise<Bundler> {
  const port = params.port ?? (await freePort());
  const entryPoint = params.entryPoint ?? entryPoint07Address;
  const args = [
    "--import",
    NO_GAS_STATION,
    altoEntry(),
    ...["--entrypoints", entryPoint],
    ...["--rpc-url", params.rpcUrl],
    ...["--port", String(port)],
    ...["--executor-private-keys", params.executorKey ?? anvilKey(8)],
    ...["--utility-private-key", params.utilityKey ?? anvilKey(9)],
    ...["--safe-mode", "false"],
    // Poll the chain and the mempool often: a user operation is bundled within ~100 ms.
    ...["--block-time", "100"],
    ...["--min-bundle-interval", "20"],
    ...["--max-bundle-interval", "100"],
    // Anvil's accounts are funded: no refilling of executors, no monitor of the utility wallet.
    ...["--refilling-wallets", "false"],
    ...["--utility-wallet-monitor", "false"],
    // Alto bids each bundle ~1.9x the operations' fee and anvil suggests the next tip from recent
    // blocks, so fees compound until the paymaster's deposit is gone: no commission, a static tip.
    ...["--bundler-initial-commission", "100", "--static-max-priority-fee-per-gas", "1"],
    ...["--log-level", params.logLevel ?? "warn"],
    ...(params.args ?? []),
  ];

  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  const output = keepOutput(child, 20_000);

  killWithParent(child);

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(url, entryPoint, child, output, params.timeoutMs ?? 60_000);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { url, port, process: child, output, stop: () => stopProcess(child) };
}

async function waitUntilReady(
  url: string,
  entryPoint: Address,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: string | undefined;
  child.once("exit", (code, signal) => (exited = `alto exited with ${code ?? signal}`));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${exited}: ${output().slice(-2000)}`);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_supportedEntryPoints", params: [] }),
        signal: AbortSignal.timeout(1000),
      });
      const body = (await response.json()) as { result?: string[] };
      if (body.result?.some((address) => address.toLowerCase() === entryPoint.toLowerCase())) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`alto did not answer eth_supportedEntryPoints within ${timeoutMs} ms: ${output().slice(-2000)}`);
}
