/**
 * server/read-model-changes.ts against a real Postgres: the app's migrations and a read model cut
 * down to what the poll reads (party_totals, activity). Each step changes the database the way the
 * indexer or the app does and polls once: what the cache is told to drop.
 */
import pg from "pg";
import { migrate } from "../../db/migrate.js";
import type { Dropped } from "../../server/page-cache/changes.js";
import { followReadModel, type ReadModelChanges } from "../../server/read-model-changes.js";
import { withTestDatabase } from "../setup/postgres.js";

const db = withTestDatabase();
let client: pg.Client;
let changes: ReadModelChanges;
const seen: { version: string | undefined; dropped: Dropped }[] = [];

beforeAll(async () => {
  await migrate(db().url);
  client = new pg.Client({ connectionString: db().url });
  await client.connect();
  await client.query(`
    create schema rm;
    create table rm.party_totals (id integer primary key, last_event text);
    insert into rm.party_totals values (1, null);
    create table rm.activity (sort_key numeric primary key, block_hash text not null, kind text not null,
      actor text, subject text, chapter_id numeric, evaluation_id numeric);`);
  // Polled by hand (refresh) only.
  changes = followReadModel({ databaseUrl: db().url, schema: "rm", intervalMs: 3_600_000, onChange: (version, dropped) => seen.push({ version, dropped }) });
  await changes.refresh();
});
afterAll(async () => {
  await changes?.stop();
  await client?.end();
});

let block = 10;
/** One block of events (kind, actor, subject, chapter, evaluation) as the indexer commits it. */
async function indexBlock(events: [string, string | null, string | null, number | null, number | null][], hash = `0xb${block}`) {
  block++;
  for (const [i, [kind, actor, subject, chapter, evaluation]] of events.entries()) {
    await client.query("insert into rm.activity values ($1, $2, $3, $4, $5, $6, $7)", [block * 2 ** 20 + i, hash, kind, actor, subject, chapter, evaluation]);
  }
  await client.query("update rm.party_totals set last_event = $1", [`${hash}:${events.length - 1}`]);
}

/** Polls once: the tags dropped since the last poll (sorted), or "all", or "none". */
async function poll(): Promise<string[] | "all" | "none"> {
  const before = seen.length;
  await changes.refresh();
  if (seen.length === before) return "none";
  const { dropped } = seen.at(-1)!;
  return dropped === "all" ? "all" : [...dropped].sort();
}

it("the first version drops every page (nothing is known of what came before)", () => {
  expect(seen).toEqual([{ version: "-/0", dropped: "all" }]);
});

it("events drop the tags of their chapter, evaluation, actor and subject and the lists they move", async () => {
  expect(await poll()).toBe("none");
  await indexBlock([
    ["VoteCast", "0xAA", null, 7, 3],
    ["Applied", "0xbb", "0xbb", 8, null],
  ]);
  expect(await poll()).toEqual(["account:0xaa", "account:0xbb", "chapter:7", "chapter:8", "evaluation:3", "list:evaluations", "list:members", "list:party"]);
  await indexBlock([["Recommended", "0xcc", "0xbb", 8, null]]);
  expect(await poll()).toEqual(["account:0xbb", "account:0xcc", "chapter:8"]);
  await indexBlock([["OwnersUpdated", "0xdd", "0xdd", null, null]]);
  expect(await poll()).toEqual(["account:0xdd"]);
});

it("an event whose effects reach beyond its row, or a reorg, drops every page", async () => {
  await indexBlock([["ChapterLocationUpdated", "0xaa", null, 7, null]]);
  expect(await poll()).toBe("all");

  await indexBlock([["VoteCast", "0xaa", null, 7, 3]], "0xorphan");
  expect(await poll()).not.toBe("all");
  // The block is replaced by another at the same height: its rows go, the new block's come.
  await client.query("delete from rm.activity where block_hash = '0xorphan'");
  block--;
  await indexBlock([["VoteCast", "0xdd", null, 9, 4]], "0xcanonical");
  expect(await poll()).toBe("all");
  await indexBlock([["InfoSent", "0xee", null, null, null]]);
  expect(await poll()).toEqual(["account:0xee", "list:info", "list:party"]);
});

it("app changes drop what their subject and sender name; a bump without its change row drops every page", async () => {
  await client.query(
    `insert into app.pending_operations (user_op_hash, sender, operation, subject, status, verified_at)
     values ('0x01', '0xCcCc', 'recommendForChapterMembership', '{"chapterId":"4","account":"0xBbBb"}', 'signed', now()),
            ('0x02', '0xcccc', 'updateMemberApplicationForChapter', '{"chapterId":"5","accounts":["0x1111","0x2222"]}', 'signed', now())`,
  );
  await client.query(`insert into app.telegram_links (address, telegram_id, username, auth_date) values ('0xFfFf', 1, 'someone', 1)`);
  expect(await poll()).toEqual(["account:0x1111", "account:0x2222", "account:0xbbbb", "account:0xcccc", "account:0xffff", "chapter:4", "chapter:5"]);
  // A status change pages show; a touch they do not show is no change at all.
  await client.query("update app.pending_operations set status = 'included' where user_op_hash = '0x01'");
  await client.query("update app.pending_operations set updated_at = now() where user_op_hash = '0x02'");
  expect(await poll()).toEqual(["account:0xbbbb", "account:0xcccc", "chapter:4"]);

  await client.query("update app.page_version set n = n + 1");
  expect(await poll()).toBe("all");
});

it("a read model without block hashes (an older indexer build): every event drops every page", async () => {
  await client.query("alter table rm.activity drop column block_hash");
  await client.query("insert into rm.activity values ($1, 'VoteCast', '0xaa', null, 7, 3)", [900 * 2 ** 20]);
  await client.query("update rm.party_totals set last_event = '0xold:0'");
  expect(await poll()).toBe("all");
  expect(await poll()).toBe("none");
  expect(seen.at(-1)!.version).toMatch(/^0xold:0\/\d+$/);
});

it("a database it cannot read: the version is unknown (every request bypasses the cache)", async () => {
  await client.query("alter table app.page_version rename to page_version_gone");
  try {
    await changes.refresh();
    expect(seen.at(-1)).toEqual({ version: undefined, dropped: "all" });
    expect(changes.current()).toBeUndefined();
  } finally {
    await client.query("alter table app.page_version_gone rename to page_version");
  }
  await changes.refresh();
  expect(changes.current()).toMatch(/^0xold:0\/\d+$/);
});
