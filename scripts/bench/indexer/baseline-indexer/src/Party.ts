/**
 * The baseline: a no-op handler for every event of the party ABI, so that a backfill measures
 * only Ponder's own cost (fetching logs, blocks and transactions, decoding, checkpointing).
 */
import { ponder } from "ponder:registry";
import { partyAbi } from "../../../../../abis/party";

type EventName = Parameters<typeof ponder.on>[0];

for (const item of partyAbi) {
  if (item.type !== "event") continue;
  ponder.on(`Party:${item.name}` as EventName, async () => {});
}
