/** The proxy's history: upgrades and initializers. */
import { ponder, type Context, type Event } from "ponder:registry";
import { upgrades } from "ponder:schema";
import type { Address } from "viem";
import { recordActivity } from "../lib/activity";
import { eventId } from "../lib/event";

async function recordUpgrade(context: Context, event: Event, row: { kind: "upgraded" | "initialized"; implementation: Address | null; version: bigint | null }) {
  await context.db.insert(upgrades).values({
    id: eventId(event),
    ...row,
    block: event.block.number,
    logIndex: event.log.logIndex,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  });
}

ponder.on("Party:Upgraded", async ({ event, context }) => {
  await recordUpgrade(context, event, { kind: "upgraded", implementation: event.args.implementation, version: null });
  await recordActivity(context, event, "Upgraded", {});
});

ponder.on("Party:Initialized", async ({ event, context }) => {
  await recordUpgrade(context, event, { kind: "initialized", implementation: null, version: event.args.version });
  await recordActivity(context, event, "Initialized", {});
});
