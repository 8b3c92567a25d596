/**
 * Starts a local anvil node with chain id 137. The platform binary is spawned directly (not the
 * npm wrapper) so that the PID we hold is the node's own and a kill really stops it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Chain, TestClient, Transport } from "viem";
import { freePort } from "./free-port.js";
import { killWithParent, stopProcess } from "./processes.js";

const require = createRequire(import.meta.url);

export type StartAnvilParameters = {
  port?: number;
  /** Load from and dump to this file, so that the chain survives restarts. */
  stateFile?: string;
  /** Seconds per block; automine (a block per transaction) when unset. */
  blockTime?: number;
  /** Extra command-line arguments. */
  args?: string[];
};

export type Anvil = {
  rpcUrl: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
};

export const ANVIL_CHAIN_ID = 137;
/** 2026-01-01T00:00:00Z: the genesis time of a chain whose state persists across restarts. */
const PERSISTENT_GENESIS_TIMESTAMP = 1_767_225_600;

export function anvilBinary(): string {
  const pkg = require.resolve("@foundry-rs/anvil-linux-amd64/package.json");
  return join(dirname(pkg), "bin", "anvil");
}

export async function startAnvil(params: StartAnvilParameters = {}): Promise<Anvil> {
  const port = params.port ?? (await freePort());
  const args = ["--chain-id", String(ANVIL_CHAIN_ID), "--port", String(port), "--host", "127.0.0.1"];
  // A fixed genesis timestamp keeps the genesis hash the same when the state is loaded again;
  // otherwise block 1's parent hash no longer matches block 0 and Ponder sees an unrecoverable reorg.
  if (params.stateFile) args.push("--state", params.stateFile, "--state-interval", "5", "--timestamp", String(PERSISTENT_GENESIS_TIMESTAMP));
  if (params.blockTime) args.push("--block-time", String(params.blockTime));
  args.push(...(params.args ?? []));

  const child = spawn(anvilBinary(), args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Listening on")) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`anvil exited with ${code}: ${output.slice(-2000)}`)));
  });
  // Keep draining the pipes so anvil never blocks on a full buffer.
  child.stdout!.removeAllListeners("data").resume();
  child.stderr!.removeAllListeners("data").resume();

  killWithParent(child);

  const rpcUrl = `http://127.0.0.1:${port}`;
  return {
    rpcUrl,
    port,
    process: child,
    stop: () => stopProcess(child),
  };
}

/**
 * Stops anvil from mining by itself (automine or interval mining) until the returned function is
 * called, which restores the mode it found; `anvil_mine` still mines a block when asked. For a burst
 * of transactions that must all be in the pool before any block is mined.
 */
export async function pauseMining(client: TestClient<"anvil", Transport, Chain | undefined>): Promise<() => Promise<void>> {
  const [automine, interval] = await Promise.all([
    client.getAutomine(),
    client.request({ method: "anvil_getIntervalMining" } as never) as Promise<number | null>,
  ]);
  if (automine) await client.setAutomine(false);
  if (interval) await client.setIntervalMining({ interval: 0 });
  return async () => {
    if (automine) await client.setAutomine(true);
    if (interval) await client.setIntervalMining({ interval });
  };
}
