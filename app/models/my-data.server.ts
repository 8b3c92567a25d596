/**
 * My data (issue 28 item 6): everything the app holds about an account off chain, as one JSON
 * document, and its erasure in one transaction (the tables: ./my-data-tables.server.ts). What
 * the chain holds is public and stays: the export says so, and /me says why.
 */
import { sql } from "drizzle-orm";
import { db } from "../../db/client.server";
import { rows, unavailableResponse } from "../../db/query.server";
import { PERSONAL_TABLES } from "./my-data-tables.server";

/** The export's format: a reader can tell what it holds. */
export const MY_DATA_FORMAT = "party-app/my-data/1";

export type MyData = {
  format: typeof MY_DATA_FORMAT;
  account: string;
  exportedAt: string;
  /** Not in this file: the account's public record on chain (membership, roles, votes), on its member page. */
  onChain: string;
} & Record<string, unknown>;

/** Everything off chain about `account`, table by table (./my-data-tables.server.ts). */
export async function exportMyData(account: string, { origin }: { origin: string }): Promise<MyData> {
  const a = account.toLowerCase();
  const exported = PERSONAL_TABLES.filter((t) => t.exportAs && t.select);
  const found = await Promise.all(exported.map((t) => rows<Record<string, unknown>>(t.select!(a))));
  const data: MyData = { format: MY_DATA_FORMAT, account, exportedAt: new Date().toISOString(), onChain: `${origin}/members/${account}` };
  exported.forEach((t, i) => {
    data[t.exportAs!] = t.single ? (found[i]![0] ?? null) : found[i];
  });
  return data;
}

/** Rows each table lost, by table: what the erasure record keeps. */
export type Erased = Record<string, number>;

/**
 * Erases everything off chain about `account` in one transaction, every session with it, and
 * records that an erasure happened on this day, with the rows per table and nothing of whose.
 * Every cached page is dropped (a bump of the page version without its change row).
 */
export async function eraseMyData(account: string): Promise<Erased> {
  const a = account.toLowerCase();
  try {
    return await db().transaction(async (tx) => {
      const erased: Erased = {};
      for (const t of PERSONAL_TABLES) {
        for (const statement of t.erase) {
          const result = await tx.execute(statement(a));
          erased[t.table] = (erased[t.table] ?? 0) + (result.rowCount ?? 0);
        }
      }
      await tx.execute(sql`update app.page_version set n = n + 1`);
      await tx.execute(sql`insert into app.erasures (rows) values (${JSON.stringify(erased)}::jsonb)`);
      return erased;
    });
  } catch (error) {
    throw unavailableResponse(error) ?? error;
  }
}
