/**
 * The passkey accounts' owners: the factory's AccountCreated (with the first owners) and every
 * account's OwnersUpdated. The account's initialize emits one too, in the same transaction, with
 * the same owners: the second of the two adds nothing (the contract itself refuses to add an
 * owner it has, so that is the only repeat). A removed owner's row goes; added again, it counts
 * from its new addition.
 */
import { ponder, type Context, type Event } from "ponder:registry";
import { accountOwners, smartAccounts } from "ponder:schema";
import type { Address, Hex } from "viem";
import { recordActivity } from "../lib/activity";

async function addOwners(context: Context, event: Event, account: Address, owners: readonly Hex[]) {
  if (owners.length === 0) return;
  await context.db
    .insert(accountOwners)
    .values(owners.map((owner) => ({ account, owner, addedBlock: event.block.number, addedAt: event.block.timestamp })))
    .onConflictDoNothing();
}

ponder.on("PartyAccountFactory:AccountCreated", async ({ event, context }) => {
  const { account, owners, salt } = event.args;
  await context.db
    .insert(smartAccounts)
    .values({ account, salt, createdBlock: event.block.number, createdAt: event.block.timestamp })
    .onConflictDoNothing();
  await addOwners(context, event, account, owners);
});

ponder.on("PartyAccount:OwnersUpdated", async ({ event, context }) => {
  const account = event.log.address;
  const { added, removed } = event.args;
  // initialize's event comes just before the factory's AccountCreated, so before the account's row.
  const initial = !(await context.db.find(smartAccounts, { account }));
  await addOwners(context, event, account, added);
  for (const owner of removed) await context.db.delete(accountOwners, { account, owner });
  // A change (updateOwners) is the member's activity, and the user operation that made it reaches "indexed".
  if (!initial) await recordActivity(context, event, "OwnersUpdated", { actor: account, subject: account });
});
