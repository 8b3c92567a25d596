/**
 * Why a phase's transactions were never mined, in a few lines: per sender, which nonces are
 * missing, the sender's nonce on chain and with the pool, where anvil's pool holds them, their fee
 * against the next block's base fee, and what anvil answered when they were sent.
 */
import { formatGwei, type Address, type Hex } from "viem";
import type { SeedClients } from "./clients.js";

/** A signed transaction of a phase, as the phase runner last sent it. */
export type Sent = { from: Address; nonce: number; hash: Hex; maxFeePerGas: bigint; refused?: string };

const SHOWN_SENDERS = 5;

export async function explainStranded(clients: SeedClients, stranded: Sent[]): Promise<string> {
  const { publicClient, testClient } = clients;
  const [pool, nextBaseFee] = await Promise.all([testClient.getTxpoolContent(), nextBlockBaseFee(clients)]);
  const where = new Map<Hex, string>();
  for (const [state, bySender] of [["ready", pool.pending], ["queued", pool.queued]] as const) {
    for (const byNonce of Object.values(bySender)) for (const tx of Object.values(byNonce)) where.set(tx.hash, state);
  }
  const bySender = groupBy(stranded, (sent) => sent.from);
  const lines = await Promise.all(
    [...bySender].slice(0, SHOWN_SENDERS).map(async ([from, sent]) => {
      const [latest, pending] = await Promise.all(
        (["latest", "pending"] as const).map((blockTag) => publicClient.getTransactionCount({ address: from, blockTag })),
      );
      const states = groupBy(sent, (s) => where.get(s.hash) ?? "not in the pool");
      const maxFee = sent.reduce((max, s) => (s.maxFeePerGas > max ? s.maxFeePerGas : max), 0n);
      const refused = sent.find((s) => s.refused)?.refused;
      return (
        `  ${from}: nonce ${ranges(sent.map((s) => s.nonce))}; its nonce on chain ${latest}, with the pool ${pending}; ` +
        `${[...states].map(([state, list]) => `${list.length} ${state}`).join(", ")}; ` +
        `maxFeePerGas ${formatGwei(maxFee)} gwei, next base fee ${formatGwei(nextBaseFee)} gwei` +
        (refused ? `; refused: ${refused}` : "")
      );
    }),
  );
  if (bySender.size > SHOWN_SENDERS) lines.push(`  and ${bySender.size - SHOWN_SENDERS} more senders`);
  return lines.join("\n");
}

/** The base fee the next block will charge (the last entry of a fee history). */
export async function nextBlockBaseFee({ publicClient }: SeedClients): Promise<bigint> {
  const { baseFeePerGas } = await publicClient.getFeeHistory({ blockCount: 1, rewardPercentiles: [] });
  return baseFeePerGas.at(-1) ?? 0n;
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** 3, 5–9, 12 */
function ranges(nonces: number[]): string {
  const sorted = [...nonces].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j === i ? `${sorted[i]}` : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(", ");
}
