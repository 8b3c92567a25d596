/**
 * The demo seed's phase runner (scripts/lib/demo-data/phase-runner.ts) on a real anvil: a burst
 * arrives while anvil mines nothing (so no block can strand a transaction behind a nonce it just
 * mined), mining comes back as it was, and a transaction anvil lost or priced out is sent again
 * until it is mined; one that can never be mined fails the phase with what anvil holds of it.
 */
import { encodeFunctionData, keccak256, parseGwei, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { partyAbi } from "../../abis/party.js";
import { createSeedClients, type SeedClients } from "../../scripts/lib/demo-data/clients.js";
import { PhaseRunner } from "../../scripts/lib/demo-data/phase-runner.js";
import type { Account } from "../../scripts/lib/demo-data/plan.js";
import type { Tx } from "../../scripts/lib/demo-data/transactions.js";
import { ADMIN } from "../fixtures/accounts.js";
import { setupChain, type TestChain } from "../setup/chain.js";

const infos = (count: number, from: Account = ADMIN): Tx[] =>
  Array.from({ length: count }, (_, i) => ({
    from,
    data: encodeFunctionData({ abi: partyAbi, functionName: "sendInfo", args: ["test", 0, 0x12, 0x20, keccak256(`0x${i.toString(16).padStart(2, "0")}`)] }),
    gas: 300_000n,
    label: `sendInfo #${i}`,
  }));

async function runPhase(chain: TestChain, txs: Tx[], clients: SeedClients = createSeedClients(chain.rpcUrl)) {
  const runner = new PhaseRunner(clients, chain.address);
  await runner.init();
  await runner.run("test phase", txs);
}

const infoCount = (chain: TestChain) => chain.read.read.infoCount();
const intervalMining = (chain: TestChain) => chain.testClient.request({ method: "anvil_getIntervalMining" } as never);

describe("PhaseRunner on automine", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await setupChain();
  });
  afterAll(() => chain?.stop());

  it("sends the whole burst before anything is mined: one block takes it, and automine is back on", async () => {
    const [count, block] = [await infoCount(chain), await chain.publicClient.getBlockNumber({ cacheTime: 0 })];
    await runPhase(chain, infos(40));
    expect(await infoCount(chain)).toBe(count + 40n);
    expect(await chain.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(block + 1n);
    expect(await chain.testClient.getAutomine()).toBe(true);
  });

  it("sends again a transaction that anvil lost, and the later nonces queued behind it", async () => {
    const clients = createSeedClients(chain.rpcUrl);
    const txs = infos(10);
    const sends = new Map<Hex, number>();
    let lost: Hex | undefined;
    const walletClient = {
      ...clients.walletClient,
      // The fifth transaction of the burst "arrives" (its hash is answered) but never reaches anvil, once.
      sendRawTransaction: async ({ serializedTransaction }: { serializedTransaction: Hex }) => {
        const hash = keccak256(serializedTransaction);
        sends.set(hash, (sends.get(hash) ?? 0) + 1);
        if (sends.size === 5 && !lost) lost = hash;
        if (hash === lost && sends.get(hash) === 1) return hash;
        return clients.walletClient.sendRawTransaction({ serializedTransaction });
      },
    };
    const count = await infoCount(chain);
    await runPhase(chain, txs, { ...clients, walletClient });
    expect(await infoCount(chain)).toBe(count + 10n);
    expect(sends.get(lost!)).toBe(2);
    expect((await chain.testClient.getTxpoolStatus()).queued).toBe(0);
  });

  it("re-signs with a fresh fee the transactions that the base fee priced out while they waited", async () => {
    const clients = createSeedClients(chain.rpcUrl);
    let raised = false;
    const testClient = {
      ...clients.testClient,
      // The base fee jumps tenfold above the burst's fee just before its first block.
      mine: async (args: { blocks: number }) => {
        if (!raised) await clients.testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("1000") });
        raised = true;
        return clients.testClient.mine(args);
      },
    };
    const count = await infoCount(chain);
    await runPhase(chain, infos(5), { ...clients, testClient });
    expect(await infoCount(chain)).toBe(count + 5n);
    const block = await chain.publicClient.getBlock({ includeTransactions: true });
    expect(block.transactions).toHaveLength(5);
    for (const tx of block.transactions) expect(tx.maxFeePerGas).toBeGreaterThan(block.baseFeePerGas!);
  });

  it("fails a transaction that can never be mined with its sender, nonce, pool state, fee and anvil's refusal", async () => {
    const broke = privateKeyToAccount(generatePrivateKey());
    const error = await runPhase(chain, infos(2, broke)).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    const [first, detail] = (error as Error).message.split("\n");
    expect(first).toBe('demo seed phase "test phase": 2 transactions were never mined');
    expect(detail).toContain(`${broke.address}: nonce 0–1; its nonce on chain 0, with the pool 0; 2 not in the pool; maxFeePerGas `);
    expect(detail).toMatch(/next base fee [\d.]+ gwei; refused: .*insufficient funds/i);
    expect(await chain.testClient.getAutomine()).toBe(true);
  });
});

describe("PhaseRunner on interval mining", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await setupChain();
    // After the deployment, which waits for its receipts: a block a minute, none during the test.
    await chain.testClient.setIntervalMining({ interval: 60 });
  });
  afterAll(() => chain?.stop());

  it("mines the burst itself and leaves the block time as it was", async () => {
    await runPhase(chain, infos(20));
    expect(await infoCount(chain)).toBe(20n);
    expect(await intervalMining(chain)).toBe(60);
    expect(await chain.testClient.getAutomine()).toBe(false);
  });
});
