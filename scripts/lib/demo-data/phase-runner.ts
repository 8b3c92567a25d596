/**
 * Sends one phase of the demo data. Every transaction is signed locally with an explicit nonce and
 * a fixed gas limit, and all are sent at once: nothing is estimated against a state that an
 * earlier, still pending transaction of the same phase would change.
 */
import { setTimeout as sleep, setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  BaseError,
  keccak256,
  parseGwei,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type TransactionReceipt,
} from "viem";
import { revertDataOf, revertErrorName } from "../../../app/calls/revert.js";
import type { SeedClients } from "./clients.js";
import type { Account } from "./plan.js";
import type { Tx } from "./transactions.js";

export class PhaseRunner {
  private maxFeePerGas = parseGwei("100");

  constructor(
    private readonly clients: SeedClients,
    private readonly address: Address,
    private readonly automine: boolean,
  ) {}

  async init() {
    const block = await this.clients.publicClient.getBlock();
    // Generous, so that a rising base fee during the seed never strands a transaction.
    const floor = (block.baseFeePerGas ?? 0n) * 4n;
    if (floor > this.maxFeePerGas) this.maxFeePerGas = floor;
  }

  async run(name: string, txs: Tx[]): Promise<void> {
    if (txs.length === 0) return;
    const { publicClient, walletClient, chain } = this.clients;
    const senders = [...new Set(txs.map((tx) => tx.from))];
    const nonces = new Map<Account, number>(
      await Promise.all(
        senders.map(async (account) => [account, await publicClient.getTransactionCount(account)] as const),
      ),
    );
    const signed: Hex[] = [];
    for (const tx of txs) {
      const nonce = nonces.get(tx.from)!;
      nonces.set(tx.from, nonce + 1);
      signed.push(
        await tx.from.signTransaction({
          chainId: chain.id,
          type: "eip1559",
          to: this.address,
          data: tx.data,
          nonce,
          gas: tx.gas,
          maxFeePerGas: this.maxFeePerGas,
          maxPriorityFeePerGas: parseGwei("1"),
        }),
      );
      // Signing is synchronous work; slices keep signals and I/O flowing (as in deriveDemoAccounts).
      if (signed.length % 16 === 0) await yieldToEventLoop();
    }
    const hashes = signed.map((serialized) => keccak256(serialized));
    await Promise.all(
      signed.map((serializedTransaction) => walletClient.sendRawTransaction({ serializedTransaction })),
    );
    const receipts = await this.waitForReceipts(signed, hashes, name);
    const failed = receipts.findIndex((receipt) => receipt.status !== "success");
    if (failed >= 0) {
      const reason = await this.explainRevert(txs[failed], receipts[failed]);
      throw new Error(`demo seed phase "${name}": ${txs[failed].label} reverted${reason ? ` with ${reason}` : ""}`);
    }
  }

  /**
   * Waits for every receipt. Under load anvil has been seen to drop one transaction of a burst
   * (its nonce neither pending nor mined), which strands every later nonce of that sender in the
   * queue: when a round brings no new receipt for a second, the missing ones are sent again (the
   * same signed bytes, so the same hash: a transaction the node still has is refused as known).
   */
  private async waitForReceipts(signed: Hex[], hashes: Hex[], name: string): Promise<TransactionReceipt[]> {
    const { publicClient, testClient, walletClient } = this.clients;
    const receipts = new Map<Hex, TransactionReceipt>();
    const deadline = Date.now() + 60_000;
    let progressAt = Date.now();
    for (;;) {
      const missing = hashes.filter((hash) => !receipts.has(hash));
      const found = await Promise.all(
        missing.map((hash) =>
          publicClient.getTransactionReceipt({ hash }).catch((error: unknown) => {
            if (error instanceof TransactionReceiptNotFoundError) return undefined;
            throw error;
          }),
        ),
      );
      const before = receipts.size;
      for (const receipt of found) if (receipt) receipts.set(receipt.transactionHash, receipt);
      if (receipts.size === hashes.length) return hashes.map((hash) => receipts.get(hash)!);
      if (receipts.size > before) progressAt = Date.now();
      else if (Date.now() - progressAt > 1000) {
        progressAt = Date.now();
        const again = signed.filter((_, i) => !receipts.has(hashes[i]!));
        await Promise.all(again.map((serializedTransaction) => walletClient.sendRawTransaction({ serializedTransaction }).catch(() => undefined)));
        // Automine mines when a transaction arrives; ones that arrived while a block was being mined can
        // sit in the pool, ready, until the next one: a block now takes them.
        if (this.automine) await testClient.mine({ blocks: 1 });
      }
      if (Date.now() > deadline) {
        throw new Error(`demo seed phase "${name}": ${hashes.length - receipts.size} transactions were never mined`);
      }
      // With interval mining (a block time) nothing is mined until the next block; don't wait for it.
      if (!this.automine) await testClient.mine({ blocks: 1 });
      else await sleep(10);
    }
  }

  /** Replays a reverted transaction as a call on the state before its block, to name the error. */
  private async explainRevert(tx: Tx, receipt: TransactionReceipt): Promise<string | undefined> {
    try {
      await this.clients.publicClient.call({
        account: tx.from.address,
        to: this.address,
        data: tx.data,
        gas: tx.gas,
        blockNumber: receipt.blockNumber - 1n,
      });
    } catch (error) {
      const data = error instanceof BaseError ? revertDataOf(error) : undefined;
      if (!data) return error instanceof Error ? error.message.split("\n")[0] : undefined;
      const name = revertErrorName(data);
      return name === "Unknown" ? data : name;
    }
    return undefined;
  }
}
