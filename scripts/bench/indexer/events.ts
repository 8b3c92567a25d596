import { toEventSelector, type Address, type Hex } from "viem";
import { partyAbi } from "../../../abis/party.js";
import { toQuantity, type Rpc } from "./rpc.js";

/** Topic0 of every event the product indexer handles: the ABI's, less the proxy's own. */
export function productEventTopics(): Map<Hex, string> {
  const topics = new Map<Hex, string>();
  for (const item of partyAbi) {
    if (item.type !== "event" || item.name === "Initialized" || item.name === "Upgraded") continue;
    topics.set(toEventSelector(item), item.name);
  }
  return topics;
}

type Log = { topics: Hex[]; blockNumber: Hex; transactionHash: Hex };

/** Counts the product's events on chain in [from, to], by name. */
export async function countEvents(rpc: Rpc, party: Address, from: number, to: number) {
  const topics = productEventTopics();
  const byName: Record<string, number> = {};
  let total = 0;
  const step = 500;
  const ranges: [number, number][] = [];
  for (let start = from; start <= to; start += step) ranges.push([start, Math.min(to, start + step - 1)]);
  for (let i = 0; i < ranges.length; i += 8) {
    const results = await rpc.batch<Log[]>(
      ranges.slice(i, i + 8).map(([a, b]) => ({
        method: "eth_getLogs",
        params: [{ address: party, fromBlock: toQuantity(a), toBlock: toQuantity(b) }],
      })),
    );
    for (const log of results.flat()) {
      const name = topics.get(log.topics[0]);
      if (!name) continue;
      byName[name] = (byName[name] ?? 0) + 1;
      total++;
    }
  }
  return { total, byName };
}
