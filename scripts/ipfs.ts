/**
 * `tsx scripts/ipfs.ts`: the local IPFS node (scripts/lib/ipfs-node.ts), offline, with its blocks
 * in `.data/ipfs` across restarts. Runs until Ctrl+C (or SIGTERM).
 *
 * Environment: IPFS_PORT (default 5001, Kubo's RPC port).
 */
import { join } from "node:path";
import { DEFAULT_IPFS_PORT } from "./lib/defaults.js";
import { startIpfsNode, type IpfsNode } from "./lib/ipfs-node.js";
import { ROOT } from "./lib/paths.js";
import { portFromEnv } from "./lib/port-from-env.js";

const IPFS_DATA_DIR = join(ROOT, ".data", "ipfs");

let node: IpfsNode | undefined;
let stopping = false;

const onSignal = (signal: NodeJS.Signals) => {
  // One Ctrl+C can arrive twice (from the terminal, and relayed by tsx): the first one counts.
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the IPFS node...`);
  // The node lives in this process: before it has started there is nothing to close.
  void (node?.stop() ?? Promise.resolve()).then(() => process.exit(0));
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

node = await startIpfsNode({ port: portFromEnv("IPFS_PORT", DEFAULT_IPFS_PORT), dir: IPFS_DATA_DIR });
console.log("Local IPFS node ready (offline: it fetches nothing and announces nothing)");
console.log(`  Kubo RPC API:       ${node.apiUrl}/api/v0/`);
console.log(`  Trustless gateway:  ${node.gatewayUrl}/ipfs/{cid}?format=raw`);
console.log(`  Blocks:             ${IPFS_DATA_DIR}`);
console.log("Press Ctrl+C to stop.");
