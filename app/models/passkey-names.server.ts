/**
 * What a member calls each passkey of their account (app.passkey_names), for /me's list. Names
 * are off chain and personal: only the account's own session sets them, and only /me shows them.
 */
import { and, eq } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { db } from "../../db/client.server";
import { passkeyNames } from "../../db/app-schema";

/** The account's names, by owner bytes (lower case). */
export async function namesOfPasskeys(account: Address): Promise<Record<string, string>> {
  const rows = await db()
    .select({ owner: passkeyNames.owner, name: passkeyNames.name })
    .from(passkeyNames)
    .where(eq(passkeyNames.account, account.toLowerCase()));
  return Object.fromEntries(rows.map((row) => [row.owner, row.name]));
}

/** Names (or renames) a passkey of the account; an empty name forgets it. */
export async function namePasskey({ account, owner, name }: { account: Address; owner: Hex; name: string }): Promise<void> {
  const key = { account: account.toLowerCase(), owner: owner.toLowerCase() };
  if (name === "") {
    await db().delete(passkeyNames).where(and(eq(passkeyNames.account, key.account), eq(passkeyNames.owner, key.owner)));
    return;
  }
  await db()
    .insert(passkeyNames)
    .values({ ...key, name })
    .onConflictDoUpdate({ target: [passkeyNames.account, passkeyNames.owner], set: { name, namedAt: new Date() } });
}
