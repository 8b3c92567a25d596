/**
 * The local chain: anvil with its state kept in `.data/anvil`, the party contract at its
 * deterministic address, and the demo data seeded once.
 */
import { mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { BaseError, type Address } from "viem";
import { anvilAccount } from "./accounts.js";
import { startAnvil, type Anvil } from "./anvil.js";
import { DEFAULT_CHAIN_PORT } from "./defaults.js";
import { deployParty } from "./deploy.js";
import { ANVIL_DATA_DIR } from "./paths.js";
import { portFromEnv } from "./port-from-env.js";
import { seedDemoData } from "./demo-data/seed.js";

export type StartLocalChainParameters = {
  /** Where anvil keeps its state between runs; CHAIN_STATE_DIR, else ANVIL_DATA_DIR. */
  stateDir?: string;
  /** CHAIN_PORT, else DEFAULT_CHAIN_PORT. */
  port?: number;
  /** Seconds per block; automine when unset. */
  blockTime?: number;
};

export type LocalChain = {
  rpcUrl: string;
  address: Address;
  /** False when the demo data was already there from an earlier run. */
  seeded: boolean;
  stateFile: string;
  anvil: Anvil;
  /** Stops anvil, which writes its state to `stateFile` on the way out. */
  stop(): Promise<void>;
};

export async function startLocalChain(params: StartLocalChainParameters = {}): Promise<LocalChain> {
  const stateDir = resolve(params.stateDir ?? process.env.CHAIN_STATE_DIR ?? ANVIL_DATA_DIR);
  const port = params.port ?? portFromEnv("CHAIN_PORT", DEFAULT_CHAIN_PORT);
  await assertPortFree(port);
  await mkdir(stateDir, { recursive: true });
  const stateFile = join(stateDir, "state.json");

  const anvil = await startAnvil({ port, stateFile, blockTime: params.blockTime });
  let step = "deploying the party contract";
  try {
    const { address } = await deployParty({ rpcUrl: anvil.rpcUrl, deployer: anvilAccount(0) });
    step = "seeding the demo data";
    const { seeded } = await seedDemoData({ rpcUrl: anvil.rpcUrl, address });
    return { rpcUrl: anvil.rpcUrl, address, seeded, stateFile, anvil, stop: () => anvil.stop() };
  } catch (error) {
    await anvil.stop();
    // viem's messages carry whole request bodies (hundreds of signed transactions); keep the gist.
    if (error instanceof BaseError) {
      throw new Error(`${step} failed: ${error.shortMessage} (did anvil stop half-way? then delete ${stateDir})`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** Anvil's own message for a taken port is buried in its output; say what to do instead. */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "EADDRINUSE"
          ? new Error(
              `port ${port} is already in use (is \`npm run chain\` already running?). ` +
                `Stop whatever listens there or set CHAIN_PORT to another port.`,
            )
          : error,
      );
    });
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolvePort()));
  });
}
