/**
 * The local wallet's passkey accounts (contracts/wallet: PartyAccountFactory's AccountCreated and
 * each PartyAccount's OwnersUpdated), so that a page can list an account's passkeys and the
 * sign-in can find the account a passkey owns (its address follows from the first owners only).
 * Production's Account Kit accounts keep their passkeys at Alchemy: these tables stay empty there.
 */
import { index, onchainTable, primaryKey } from "ponder";

/** One row per account the factory created. */
export const smartAccounts = onchainTable("smart_accounts", (t) => ({
  account: t.hex().primaryKey(),
  /** The factory salt it was created with. */
  salt: t.hex().notNull(),
  createdBlock: t.bigint().notNull(),
  createdAt: t.bigint().notNull(),
}));

/** The current owners: a row per (account, owner), deleted when the owner is removed. */
export const accountOwners = onchainTable(
  "account_owners",
  (t) => ({
    account: t.hex().notNull(),
    /** `webAuthnVerifier ++ qx ++ qy` (84 bytes), as the account stores it. */
    owner: t.hex().notNull(),
    addedBlock: t.bigint().notNull(),
    addedAt: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.account, table.owner] }),
    ownerIdx: index().on(table.owner),
  }),
);
