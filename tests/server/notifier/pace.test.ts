/**
 * The notifiers' shared pace (server/notifier/pace.ts), read from the schedule itself: the send
 * times the database hands out, on its own clock, to two notifiers (two pools) reserving at once.
 * What the notifiers then do with those times is the process test's (notifier-process.test.ts);
 * this is the rule, free of how loaded the machine is.
 */
import pg from "pg";
import { migrate } from "../../../db/migrate.js";
import { paceSpacing, reserveSlots, type Slot } from "../../../server/notifier/pace.js";
import { TELEGRAM_LIMITS } from "../../../server/notifier/telegram.js";
import { withTestDatabase } from "../../setup/postgres.js";
import { busiestSecond, closestInOneChat } from "./helpers.js";

const database = withTestDatabase();
const pools: pg.Pool[] = [];
beforeAll(async () => {
  await migrate(database().url);
  for (let i = 0; i < 2; i++) pools.push(new pg.Pool({ connectionString: database().url, max: 4 }));
  for (const pool of pools) pool.on("error", () => undefined);
});
afterAll(async () => Promise.all(pools.map((pool) => pool.end())));

it("two notifiers reserving at once never get more than 30 send times in any second, nor two for one chat within a second", async () => {
  const { spacingSeconds, chatIntervalSeconds } = paceSpacing(1);
  // Batches of 20 chats from each notifier, 300 chats, then 20 of them told three times more.
  const chats = Array.from({ length: 300 }, (_, n) => String(1_000_000 + n));
  const batches = [...Array.from({ length: 15 }, (_, b) => chats.slice(b * 20, b * 20 + 20)), ...[1, 2, 3].map(() => chats.slice(0, 20))];
  const slots: Slot[] = [];
  await Promise.all(
    pools.map(async (pool, which) => {
      for (const batch of batches.filter((_, b) => b % 2 === which)) slots.push(...(await reserveSlots(pool, batch, spacingSeconds, chatIntervalSeconds)));
    }),
  );
  const inOrder = (list: Slot[]) => list.map((s) => ({ at: s.atMs, chatId: s.chatId })).sort((a, b) => a.at - b.at);
  expect(busiestSecond(inOrder(slots))).toBeLessThanOrEqual(TELEGRAM_LIMITS.messagesPerSecond);

  const claimed = slots.filter((s) => s.claimed);
  const closest = closestInOneChat(inOrder(claimed));
  // The repeats' times come after the 300 firsts' (the overall clock moved on), so they are claimed.
  expect(claimed.length).toBeGreaterThan(300);
  expect(closest).toBeGreaterThanOrEqual(1000 / TELEGRAM_LIMITS.perChatPerSecond);
  // Every chat got its first time; a repeat too soon got none (its message waits for a later batch).
  expect(new Set(claimed.map((s) => s.chatId)).size).toBe(300);
});
