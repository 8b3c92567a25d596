/** Role holders, and the party admin's two-step handover. */
import { ponder } from "ponder:registry";
import { roleHolders } from "ponder:schema";
import { recordActivity } from "../lib/activity";
import { warn } from "../lib/event";
import { roleName } from "../lib/roles";

ponder.on("Party:RoleHolderSet", async ({ event, context }) => {
  const { db } = context;
  const { role, holder, by } = event.args;
  const name = roleName(role, event);
  // A new holder ends a pending proposal (the party admin's second step, acceptPartyAdmin).
  const row = { holder, by, block: event.block.number, timestamp: event.block.timestamp, pendingHolder: null, pendingBlock: null };
  await db
    .insert(roleHolders)
    .values({ role: name, ...row })
    .onConflictDoUpdate(row);
  await recordActivity(context, event, `RoleHolderSet:${name}`, { actor: by, subject: holder });
});

/** The party admin's first step: the proposed account becomes party admin once it accepts. */
ponder.on("Party:PartyAdminProposed", async ({ event, context }) => {
  const { db } = context;
  const { account, by } = event.args;
  const row = { pendingHolder: account, pendingBlock: event.block.number };
  if (await db.find(roleHolders, { role: "partyAdmin" })) {
    await db.update(roleHolders, { role: "partyAdmin" }).set(row);
  } else {
    warn(event, "PartyAdminProposed before any party admin was set: recorded with the proposer as holder");
    await db.insert(roleHolders).values({ role: "partyAdmin", holder: by, by, block: event.block.number, timestamp: event.block.timestamp, ...row });
  }
  await recordActivity(context, event, "PartyAdminProposed", { actor: by, subject: account });
});
