/** Column groups that several tables share, so that each has one definition. */
import type { PgColumnsBuilders } from "ponder";

/** A content identifier: the contract's multihash and, derived from it, the CID string. */
export const contentIdColumns = (t: PgColumnsBuilders) => ({
  hashCode: t.integer().notNull(),
  hashSize: t.integer().notNull(),
  hashDigest: t.hex().notNull(),
  /** The content identifier as a CID string (CIDv0 for sha2-256, else CIDv1 base32). */
  cid: t.text().notNull(),
});

/** An executive's term: who promoted them and when, and their demotion once it happens. */
export const executiveTermColumns = (t: PgColumnsBuilders) => ({
  active: t.boolean().notNull(),
  promotedBy: t.hex().notNull(),
  promotedBlock: t.bigint().notNull(),
  demotedBy: t.hex(),
  demotedBlock: t.bigint(),
});
