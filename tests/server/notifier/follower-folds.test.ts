/**
 * Bursts and safety of the follower, over real events on the local chain: applications to one
 * chapter within NOTIFY_FOLD_SECONDS reach its executive as one message with their count, and a
 * later window makes a new one (time is given to each step, so no test waits on the clock); two
 * followers at once write every delivery once; a step that crashes before its commit leaves
 * nothing, and the next step does its work.
 */
import pg from "pg";
import type { PrivateKeyAccount } from "viem";
import { ADMIN, ALICE, BOB } from "../../fixtures/accounts.js";
import { loc } from "../../indexer/helpers.js";
import { lower, ORIGIN, until, useFollowerStack } from "./follower-stack.js";

const ctx = useFollowerStack();
const FOLD = 60;
const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);
const fold = (now: Date) => ctx.follow({ foldSeconds: FOLD, now });
const byAddress = <T extends { address: string }>(rows: T[]) => [...rows].sort((a, b) => a.address.localeCompare(b.address));
const folds = () => ctx.stack.query<{ address: string; count: number }>(`select address, count from app.notification_folds order by address`);

/** `n` new accounts apply to `chapterId`. */
async function applications(n: number, chapterId: bigint): Promise<PrivateKeyAccount[]> {
  const applicants = await Promise.all(Array.from({ length: n }, () => ctx.newcomer()));
  for (const applicant of applicants) await ctx.send(applicant, "applyForChapterMembership", [chapterId]);
  return applicants;
}

beforeAll(async () => {
  // Berlin (1) with ALICE its executive, Hamburg (2) with BOB.
  await ctx.send(ADMIN, "addChapterToParty", [[[ALICE.address], [BOB.address]], [loc("Berlin"), loc("Hamburg")], [1, 3], [2, 4]]);
  await ctx.send(ADMIN, "promotePartyExecutive", [ALICE.address]);
  await ctx.send(ALICE, "promoteChapterExecutive", [ALICE.address, 1n]);
  await ctx.send(ALICE, "promoteChapterExecutive", [BOB.address, 2n]);
  await ctx.link(ALICE);
  await ctx.link(BOB);
  await ctx.follow();
});

it("folds a burst of applications to one chapter into one message with the count; a later window makes a new one", async () => {
  const before = (await ctx.cursor())!;
  const start = new Date();
  await applications(4, 1n);
  await applications(1, 2n);
  expect(await fold(start)).toMatchObject({ delivered: 0 });
  // More of the burst, read within the window, join its fold.
  await applications(2, 1n);
  expect(await fold(at(start, FOLD - 1))).toMatchObject({ delivered: 0 });
  expect(await folds()).toEqual(byAddress([
    { address: lower(ALICE), count: 6 },
    { address: lower(BOB), count: 1 },
  ]));
  expect(await ctx.newDeliveries()).toEqual([]);

  expect(await fold(at(start, FOLD))).toMatchObject({ delivered: 2 });
  // Each message is keyed by the first application of its burst.
  const firstOf = async (chapterId: number) =>
    (await ctx.stack.query<{ id: string }>(
      `select id from ${ctx.stack.viewsSchema}.activity where kind = 'Applied' and chapter_id = $1 and sort_key > $2 order by sort_key limit 1`,
      [chapterId, before],
    ))[0]!.id;
  expect(byAddress(await ctx.newDeliveries())).toEqual(byAddress([
    { key: `application:${await firstOf(1)}:${lower(ALICE)}`, address: lower(ALICE), chatId: expect.any(String), kind: "application", text: `6 new applications to Berlin: ${ORIGIN}/chapters/1/applications` },
    { key: `application:${await firstOf(2)}:${lower(BOB)}`, address: lower(BOB), chatId: expect.any(String), kind: "application", text: `A new application to Hamburg: ${ORIGIN}/chapters/2/applications` },
  ]));
  expect(await folds()).toEqual([]);

  // The next application opens a new window: one message of its own when it closes.
  await applications(1, 1n);
  expect(await fold(at(start, FOLD + 10))).toMatchObject({ delivered: 0 });
  expect(await fold(at(start, 2 * FOLD + 9))).toMatchObject({ delivered: 0 });
  expect(await fold(at(start, 2 * FOLD + 10))).toMatchObject({ delivered: 1 });
  expect((await ctx.newDeliveries()).map((d) => d.text)).toEqual([`A new application to Berlin: ${ORIGIN}/chapters/1/applications`]);
});

it("two followers at once read every row once and write every delivery once", async () => {
  const before = (await ctx.cursor())!;
  await applications(8, 1n);
  const views = ctx.stack.viewsSchema;
  const [{ rows, applied }] = await ctx.stack.query<{ rows: number; applied: string[] }>(
    `select count(*)::int as rows, array_agg(id order by sort_key) filter (where kind = 'Applied') as applied from ${views}.activity where sort_key > $1`,
    [before],
  );
  const second = new pg.Pool({ connectionString: ctx.stack.databaseUrl, max: 2 });
  try {
    // Each follower steps one row at a time until it finds nothing. The second starts while the
    // first's first step holds the cursor, and that step commits only once the second waits on it.
    const drain = async (pool: pg.Pool, beforeCommit?: (client: pg.PoolClient) => Promise<void>) => {
      let read = 0;
      for (let step = await ctx.follow({ pool, batchSize: 1, beforeCommit }); step.read > 0; step = await ctx.follow({ pool, batchSize: 1 })) read += step.read;
      return read;
    };
    let secondReads: Promise<number> | undefined;
    // (Asked on another connection: within a transaction, pg_stat_activity keeps its first snapshot.)
    const startSecond = async () => {
      secondReads = drain(second);
      await until(async () => {
        const waiting = await ctx.stack.query(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%notifier_cursor%'`);
        return waiting.length > 0;
      }, 30_000);
    };
    const firstReads = await drain(ctx.pool, startSecond);
    expect(firstReads + (await secondReads!)).toBe(rows);
  } finally {
    await second.end();
  }
  const told = await ctx.newDeliveries();
  expect(told.map((d) => d.key).sort()).toEqual(applied.map((id) => `application:${id}:${lower(ALICE)}`).sort());
});

it("loses nothing when a step crashes before its commit: the next step does it again", async () => {
  const before = (await ctx.cursor())!;
  await applications(3, 1n);
  const killer = new pg.Client({ connectionString: ctx.stack.databaseUrl });
  await killer.connect();
  try {
    // The step's connection dies just before its commit, as when the notifier is killed there.
    const crash = ctx.follow({
      foldSeconds: FOLD,
      now: new Date(),
      beforeCommit: async (client) => {
        const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
        await killer.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
      },
    });
    await expect(crash).rejects.toThrow();
  } finally {
    await killer.end();
  }
  expect(await ctx.cursor()).toBe(before);
  expect(await folds()).toEqual([]);
  expect(await ctx.newDeliveries()).toEqual([]);

  const start = new Date();
  expect(await fold(start)).toMatchObject({ delivered: 0 });
  expect(await folds()).toEqual([{ address: lower(ALICE), count: 3 }]);
  expect(await fold(at(start, FOLD))).toMatchObject({ delivered: 1 });
  expect((await ctx.newDeliveries()).map((d) => d.text)).toEqual([`3 new applications to Berlin: ${ORIGIN}/chapters/1/applications`]);
  expect(await ctx.cursor()).not.toBe(before);
});
