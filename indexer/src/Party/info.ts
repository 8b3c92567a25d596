/** Info messages sent by the info sender. */
import { ponder } from "ponder:registry";
import { infoMessages } from "ponder:schema";
import type { Hex } from "viem";
import { formatCid } from "../../../app/ground/cid";
import { recordActivity } from "../lib/activity";
import { bumpTotal } from "../lib/counters";

ponder.on("Party:InfoSent", async ({ event, context }) => {
  const { db } = context;
  const { infoId, eventName, infoType, hashCode, hashSize, hashDigest, sender } = event.args;
  await db.insert(infoMessages).values({
    id: infoId,
    eventName,
    infoType,
    hashCode,
    hashSize,
    hashDigest: hashDigest as Hex,
    cid: formatCid({ hashCode, hashSize, hashDigest }),
    sender,
    block: event.block.number,
    timestamp: event.block.timestamp,
  });
  await bumpTotal(db, "infoCount", 1);
  await recordActivity(context, event, "InfoSent", { actor: sender, infoId });
});
