/**
 * The passkeys that own the local wallet's accounts (indexer/schema/accounts.ts): which accounts
 * an owner key owns (the sign-in finds its account so, since an added passkey's own address would
 * open an empty account), and an account's owners (its page lists them). An owner is
 * `webAuthnVerifier ++ qx ++ qy`, lower-case hex, as the account stores it.
 */
import { sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { rows, views } from "../../db/query.server";

export type OwnedAccount = { owner: Hex; account: Address; addedBlock: string; addedAt: string };

/** At most this many accounts per lookup: a key is one person's, on one or two accounts. */
export const OWNED_ACCOUNTS_LIMIT = 20;

/**
 * The accounts these owners own now, earliest addition first: a public key is public, so anyone
 * may add it to an account of theirs, but only after it was first added to its own.
 */
export async function accountsOfOwners({ owners }: { owners: readonly Hex[] }): Promise<OwnedAccount[]> {
  if (owners.length === 0) return [];
  return rows<OwnedAccount>(sql`
    select owner, account, added_block::text as "addedBlock", added_at::text as "addedAt"
    from ${views}.account_owners
    where owner in (${sql.join(owners.map((o) => sql`${o.toLowerCase()}`), sql`, `)})
    order by added_block, account
    limit ${OWNED_ACCOUNTS_LIMIT}`);
}

export type AccountOwner = { owner: Hex; addedBlock: string; addedAt: string };

/** The account's owners, in the order they were added. */
export function ownersOfAccount({ account }: { account: Address }) {
  return rows<AccountOwner>(sql`
    select owner, added_block::text as "addedBlock", added_at::text as "addedAt"
    from ${views}.account_owners
    where account = ${account.toLowerCase()}
    order by added_block, owner`);
}
