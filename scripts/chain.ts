/**
 * `npm run chain`: a local chain 137 with the party contract and demo data, kept in `.data/anvil`
 * across restarts. Runs until Ctrl+C (or SIGTERM), then stops anvil so that it saves its state.
 *
 * Environment: CHAIN_PORT (default 8545), CHAIN_STATE_DIR (default .data/anvil).
 */
import { CHAIN_ID } from "../abis/deployments.js";
import { startLocalChain, type LocalChain } from "./lib/start-local-chain.js";

let chain: LocalChain | undefined;
let stopRequested: { signal: NodeJS.Signals; at: number } | undefined;

async function stop(signal: NodeJS.Signals): Promise<never> {
  console.log(`\n${signal}: stopping anvil and saving its state...`);
  await chain?.stop();
  process.exit(0);
}

// A signal during start-up waits for it to finish, so the saved state never holds half a seed;
// a second one gives up at once. One Ctrl+C can arrive twice (from the terminal to the whole
// process group, and relayed by tsx), hence the grace period before a repeat counts.
const onSignal = (signal: NodeJS.Signals) => {
  if (stopRequested) {
    if (!chain && Date.now() - stopRequested.at > 1000) process.exit(130);
    return;
  }
  stopRequested = { signal, at: Date.now() };
  if (chain) void stop(signal);
  else console.log(`\n${signal}: stopping once the chain has started (again to quit now)...`);
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

async function main(): Promise<void> {
  const started = Date.now();
  chain = await startLocalChain();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);

  console.log(`Local chain ready in ${seconds} s`);
  console.log(`  RPC URL:                 ${chain.rpcUrl}`);
  console.log(`  Chain id:                ${CHAIN_ID}`);
  console.log(`  Party contract address:  ${chain.address}`);
  console.log(`  Demo data:               ${chain.seeded ? "seeded now" : "already there"}`);
  console.log(`  State file:              ${chain.stateFile}`);
  console.log("Press Ctrl+C to stop; the chain's state is saved on the way out.");

  // Ctrl+C in a terminal signals anvil too (same process group), and it may exit before our
  // handler runs: a clean exit is a stop. Anything else must not leave a process that looks like
  // a running chain.
  chain.anvil.process.once("exit", (code, signal) => {
    if (stopRequested) return;
    const clean = code === 0 || signal === "SIGINT" || signal === "SIGTERM";
    if (clean) console.log("anvil stopped; its state is saved.");
    else console.error(`anvil exited unexpectedly (${signal ?? `code ${code}`})`);
    process.exit(clean ? 0 : 1);
  });

  if (stopRequested) await stop(stopRequested.signal);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  // Ctrl+C in a terminal also stops anvil mid-start, which surfaces here as a failed request.
  if (stopRequested) console.error(`Start-up interrupted: ${message}`);
  else console.error(message);
  process.exit(stopRequested ? 130 : 1);
});
