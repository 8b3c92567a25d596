/**
 * The local chain for `npm run chain`: the demo data's survival across anvil restarts (state
 * file), startLocalChain's port check, and the entry script itself as a child process. The demo
 * seed itself: demo-data.test.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createPublicClient, http } from "viem";
import { partyDeployment } from "../../abis/deployments.js";
import { startAnvil, type Anvil } from "../../scripts/lib/anvil.js";
import { deployParty } from "../../scripts/lib/deploy.js";
import { freePort } from "../../scripts/lib/free-port.js";
import { localChain } from "../../scripts/lib/chain-definition.js";
import { startLocalChain } from "../../scripts/lib/start-local-chain.js";
import { seedDemoData } from "../../scripts/lib/demo-data/seed.js";
import { readDemoSummary } from "../../scripts/lib/demo-data/summary.js";
import { ADMIN } from "../fixtures/accounts.js";
import { setupChain } from "../setup/chain.js";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

const tempDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "party-chain-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("anvil restarts", () => {
  it("keep the demo data, and seeding again is a no-op", async () => {
    const stateFile = join(await tempDir(), "state.json");
    const first = await setupChain({ stateFile });
    let second: Anvil | undefined;
    try {
      expect(await seedDemoData(first)).toEqual({ seeded: true });
      const summary = await readDemoSummary(first);
      const block = await first.publicClient.getBlockNumber({ cacheTime: 0 });
      await first.anvil.stop();
      expect(existsSync(stateFile)).toBe(true);

      second = await startAnvil({ stateFile });
      const rpcUrl = second.rpcUrl;
      const publicClient = createPublicClient({ chain: localChain(rpcUrl), transport: http(rpcUrl) });
      expect(await deployParty({ rpcUrl, deployer: ADMIN })).toMatchObject({ address: first.address, deployed: false });
      expect(await publicClient.getBlockNumber({ cacheTime: 0 })).toBe(block);
      // The summary reads events too, so this also shows the logs survived the restart.
      expect(await readDemoSummary({ rpcUrl, address: first.address })).toEqual(summary);
      expect(await seedDemoData({ rpcUrl, address: first.address })).toEqual({ seeded: false });
      expect(await publicClient.getBlockNumber({ cacheTime: 0 })).toBe(block);
    } finally {
      await first.anvil.stop();
      await second?.stop();
    }
  });
});

describe("startLocalChain", () => {
  it("names CHAIN_PORT when the port is taken", async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((done) => blocker.listen(port, "127.0.0.1", done));
    try {
      await expect(startLocalChain({ port, stateDir: await tempDir() })).rejects.toThrow(/CHAIN_PORT/);
    } finally {
      await new Promise((done) => blocker.close(done));
    }
  });
});

describe("scripts/chain.ts", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    // Only if the test failed half-way: the script's own process group, so its anvil goes too.
    if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
  });

  it("prints the contract address, and stops cleanly on SIGINT", async () => {
    const stateDir = await tempDir();
    const port = await freePort();
    const spawned = spawn(join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/chain.ts"], {
      cwd: repoRoot,
      env: { ...process.env, CHAIN_PORT: String(port), CHAIN_STATE_DIR: stateDir },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child = spawned;
    let output = "";
    spawned.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => spawned.once("exit", (code) => done(code)));

    const address = await new Promise<string>((done, fail) => {
      spawned.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        // The banner can arrive in pieces; its last line says it is complete.
        const match = /Party contract address:\s+(0x[0-9a-fA-F]{40})/.exec(output);
        if (match && output.includes("Press Ctrl+C")) done(match[1]);
      });
      void exited.then((code) =>
        fail(new Error(`chain.ts exited with ${code} before printing the address:\n${output}`)),
      );
    });
    expect(address).toBe(partyDeployment({}).address);
    expect(output).toContain(`http://127.0.0.1:${port}`);
    expect(output).toMatch(/Chain id:\s+137/);
    expect(output).toMatch(/Demo data:\s+seeded now/);

    spawned.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(existsSync(join(stateDir, "state.json"))).toBe(true);
  });
});
