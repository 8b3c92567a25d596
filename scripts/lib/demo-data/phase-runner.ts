/**
 * Sends one phase of the demo data. Every transaction is signed locally with an explicit nonce and
 * a fixed gas limit: nothing is estimated against a state that an earlier, still pending
 * transaction of the same phase would change.
 *
 * The whole burst is sent while anvil mines nothing, then blocks are mined one at a time until
 * every receipt is there. Anvil reads a sender's nonce on chain when a transaction arrives and puts
 * the transaction in its pool later, without a lock: a block mined in between (automine mines as
 * transactions arrive) takes the previous nonce, and the transaction is queued behind a nonce that
 * is already mined, for good, with every later nonce of its sender behind it; sending it again is
 * refused as already known (foundry-rs/foundry#10122). A full suite run saw 32 of 40 stranded so; under
 * load, 2 seeds in about 100 left 23 and 34 queued from the nonce on chain, with nothing ready.
 */
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
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
import { pauseMining } from "../anvil.js";
import type { SeedClients } from "./clients.js";
import { explainStranded, nextBlockBaseFee, type Sent } from "./stranded.js";
import type { Tx } from "./transactions.js";

/** Blocks in a row that may take none of the missing transactions (each followed by sending them again) before the phase fails. */
const MAX_STALLS = 3;

type Pending = Sent & { tx: Tx; serialized: Hex; receipt?: TransactionReceipt };

export class PhaseRunner {
  private maxFeePerGas = parseGwei("100");

  constructor(
    private readonly clients: SeedClients,
    private readonly address: Address,
  ) {}

  /** A fee well above the next block's base fee: generous, so that a rising base fee strands nothing. */
  async init() {
    const floor = (await nextBlockBaseFee(this.clients)) * 4n;
    if (floor > this.maxFeePerGas) this.maxFeePerGas = floor;
  }

  async run(name: string, txs: Tx[]): Promise<void> {
    if (txs.length === 0) return;
    const { publicClient, testClient } = this.clients;
    const senders = [...new Set(txs.map((tx) => tx.from))];
    // Every earlier phase is mined (its receipts are in), so the chain's nonce is the next one.
    const nonces = new Map(
      await Promise.all(senders.map(async (account) => [account, await publicClient.getTransactionCount(account)] as const)),
    );
    const pending: Pending[] = [];
    for (const tx of txs) {
      const nonce = nonces.get(tx.from)!;
      nonces.set(tx.from, nonce + 1);
      pending.push(await this.sign(tx, nonce));
      // Signing is synchronous work; slices keep signals and I/O flowing (as in deriveDemoAccounts).
      if (pending.length % 16 === 0) await yieldToEventLoop();
    }
    const resume = await pauseMining(testClient);
    try {
      await this.mineAll(name, pending);
    } finally {
      await resume();
    }
    const failed = pending.find(({ receipt }) => receipt!.status !== "success");
    if (failed) {
      const reason = await this.explainRevert(failed.tx, failed.receipt!);
      throw new Error(`demo seed phase "${name}": ${failed.tx.label} reverted${reason ? ` with ${reason}` : ""}`);
    }
  }

  private async sign(tx: Tx, nonce: number): Promise<Pending> {
    const maxFeePerGas = this.maxFeePerGas;
    const serialized = await tx.from.signTransaction({
      chainId: this.clients.chain.id,
      type: "eip1559",
      to: this.address,
      data: tx.data,
      nonce,
      gas: tx.gas,
      maxFeePerGas,
      maxPriorityFeePerGas: parseGwei("1"),
    });
    return { tx, from: tx.from.address, nonce, maxFeePerGas, serialized, hash: keccak256(serialized) };
  }

  /** Sends them all at once; a refusal is kept for the explanation, the block then shows what is missing. */
  private async send(list: Pending[]): Promise<void> {
    const { walletClient } = this.clients;
    await Promise.all(
      list.map(async (sent) => {
        sent.refused = await walletClient.sendRawTransaction({ serializedTransaction: sent.serialized }).then(
          () => undefined,
          (error: unknown) => (error instanceof BaseError ? error.details || error.shortMessage : String(error)),
        );
      }),
    );
  }

  /**
   * Sends the burst and mines blocks until each transaction has its receipt. A block that takes
   * none of the missing ones means anvil dropped or refused them: a transaction invalid when its
   * block is built (its fee under the base fee, or a later nonce of a sender whose earlier one did not
   * fit the block's gas) leaves the pool with every later nonce of its sender. Then the sender's
   * remaining transactions are taken out of the pool and sent again, in one piece, re-signed with a
   * fresh fee where the base fee has risen.
   */
  private async mineAll(name: string, pending: Pending[]): Promise<void> {
    const { publicClient, testClient } = this.clients;
    await this.send(pending);
    let missing = pending;
    for (let stalls = 0; ; ) {
      await testClient.mine({ blocks: 1 });
      const receipts = await Promise.all(
        missing.map(({ hash }) =>
          publicClient.getTransactionReceipt({ hash }).catch((error: unknown) => {
            if (error instanceof TransactionReceiptNotFoundError) return undefined;
            throw error;
          }),
        ),
      );
      missing.forEach((sent, i) => {
        sent.receipt = receipts[i];
      });
      const before = missing.length;
      missing = missing.filter(({ receipt }) => !receipt);
      if (missing.length === 0) return;
      if (missing.length < before) stalls = 0;
      else if (++stalls > MAX_STALLS) {
        const why = await explainStranded(this.clients, missing);
        throw new Error(`demo seed phase "${name}": ${missing.length} transactions were never mined\n${why}`);
      } else await this.sendAgain(missing);
    }
  }

  private async sendAgain(missing: Pending[]): Promise<void> {
    const { testClient } = this.clients;
    const senders = [...new Set(missing.map(({ from }) => from))];
    await Promise.all(
      senders.map((address) => testClient.request({ method: "anvil_removePoolTransactions", params: [address] } as never)),
    );
    await this.init();
    for (const sent of missing) {
      if (sent.maxFeePerGas < this.maxFeePerGas) Object.assign(sent, await this.sign(sent.tx, sent.nonce));
    }
    await this.send(missing);
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
