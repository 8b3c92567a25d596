/**
 * Notifications end to end (issue 15): contract calls on the local chain, the real indexer, and
 * `npm run notifier` as its own process telling the Bot API stand-in. An application reaches its
 * chapter's executive, a decision its applicant, a new evaluation the members who opted in; an
 * event a reorg removes before its NOTIFY_CONFIRMATIONS sends nothing.
 */
import type { PrivateKeyAccount } from "viem";
import { startNotifierProcess, type NotifierProcess } from "../../scripts/lib/notifier-process.js";
import { startTelegramStandIn, type TelegramStandIn } from "../../scripts/lib/telegram-stand-in.js";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE } from "../fixtures/accounts.js";
import { digest, loc } from "../indexer/helpers.js";
import { lower, ORIGIN, until, useFollowerStack } from "../server/notifier/follower-stack.js";
import { NOTIFIER_TEST_TOKEN } from "../server/notifier/helpers.js";

const ctx = useFollowerStack();
const CONFIRMATIONS = 2;
const chats: Record<string, string> = {};
let telegram: TelegramStandIn;
let notifier: NotifierProcess;

/** What the stand-in took for `account`'s chat. */
const messagesTo = (account: PrivateKeyAccount) => telegram.messages.filter((m) => m.chatId === chats[lower(account)]).map((m) => m.text);

/** Mines `blocks` empty blocks and waits until the indexer has the new head. */
async function mine(blocks: number) {
  await ctx.stack.testClient.mine({ blocks });
  await ctx.stack.waitForIndexer();
}

beforeAll(async () => {
  // Berlin (1): ALICE, BOB, BOB its executive; Hamburg (2): CAROL, its executive.
  await ctx.send(ADMIN, "addChapterToParty", [[[ALICE.address, BOB.address], [CAROL.address]], [loc("Berlin"), loc("Hamburg")], [1, 3], [2, 4]]);
  await ctx.send(ADMIN, "promotePartyExecutive", [ALICE.address]);
  await ctx.send(ALICE, "promoteChapterExecutive", [BOB.address, 1n]);
  await ctx.send(ALICE, "promoteChapterExecutive", [CAROL.address, 2n]);
  for (const account of [ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE]) chats[lower(account)] = await ctx.link(account);
  // The notifier starts at the confirmed head: bury the set-up under the confirmations, so none of it is told.
  await mine(CONFIRMATIONS);

  telegram = await startTelegramStandIn({ token: NOTIFIER_TEST_TOKEN, rateScale: 10 });
  notifier = startNotifierProcess({
    env: {
      DATABASE_URL: ctx.stack.databaseUrl,
      READ_MODEL_SCHEMA: ctx.stack.viewsSchema,
      PARTY_ENV: "local",
      APP_ORIGIN: ORIGIN,
      TELEGRAM_BOT_TOKEN: NOTIFIER_TEST_TOKEN,
      TELEGRAM_API_URL: telegram.url,
      NOTIFY_RATE_SCALE: "10",
      NOTIFY_CONFIRMATIONS: String(CONFIRMATIONS),
      NOTIFY_FOLD_SECONDS: "0",
    },
  });
  await notifier.ready();
  await until(async () => (await ctx.cursor()) !== undefined);
}, 180_000);
afterAll(async () => {
  await notifier?.stop();
  await telegram?.stop();
});
afterEach(() => expect(notifier.output()).not.toMatch(/could not follow|will retry|refused/));

it("an application reaches its chapter's executive", async () => {
  await ctx.send(DAVE, "applyForChapterMembership", [1n]);
  await mine(CONFIRMATIONS);
  await until(() => messagesTo(BOB).length > 0);
  expect(messagesTo(BOB)).toEqual([`A new application to Berlin: ${ORIGIN}/chapters/1/applications`]);
  expect(messagesTo(CAROL)).toEqual([]);
});

it("a decision reaches its applicant", async () => {
  await ctx.send(BOB, "updateMemberApplicationForChapter", [DAVE.address, true]);
  await mine(CONFIRMATIONS);
  await until(() => messagesTo(DAVE).length > 0);
  expect(messagesTo(DAVE)).toEqual([`Your application to Berlin was approved: you are a member. ${ORIGIN}/chapters/1`]);
});

it("a new evaluation reaches the chapter's members who opted in, and only them", async () => {
  // Berlin: ALICE opted in, BOB and DAVE keep the defaults (no evaluations). CAROL opted in, in Hamburg.
  await ctx.choose(ALICE, ["evaluation"]);
  await ctx.choose(CAROL, ["application", "evaluation"]);
  await ctx.send(ADMIN, "mintEvaluation", [1n, 0x12, 32, digest(1)]);
  await mine(CONFIRMATIONS);
  // No document was stored for this CID: the message names the evaluation by its number.
  const text = `A new evaluation of Berlin awaits your vote: “Evaluation 1” ${ORIGIN}/evaluations/1`;
  // The follower writes an event's deliveries together: once they are all settled, none but ALICE's.
  const evaluationDeliveries = () => ctx.stack.query<{ address: string; status: string }>("select address, status from app.notification_deliveries where kind = 'evaluation'");
  await until(async () => {
    const rows = await evaluationDeliveries();
    return rows.length > 0 && rows.every((row) => row.status !== "queued");
  });
  expect(await evaluationDeliveries()).toEqual([{ address: lower(ALICE), status: "sent" }]);
  expect(messagesTo(ALICE)).toEqual([text]);
  for (const account of [BOB, CAROL, DAVE]) expect(messagesTo(account)).not.toContain(text);
});

it("an event a reorg removes before its confirmations sends nothing", { timeout: 180_000 }, async () => {
  const application = `A new application to Berlin: ${ORIGIN}/chapters/1/applications`;
  const toBob = messagesTo(BOB).length;
  // ERIN's application to Hamburg, one block under the fork: confirmed once the branch's first block is indexed.
  await ctx.send(ERIN, "applyForChapterMembership", [2n]);
  await ctx.stack.testClient.mine({ blocks: 1 });
  const fork = await ctx.stack.snapshot();

  // Branch A: FRANK applies to Berlin. When CAROL hears of ERIN, the notifier has looked at the
  // read model with FRANK's row in it, too fresh to tell.
  await ctx.send(FRANK, "applyForChapterMembership", [1n]);
  await until(() => messagesTo(CAROL).length > 0, 60_000);
  expect(messagesTo(BOB)).toHaveLength(toBob);

  // Branch B, longer, from the same parent: GRACE applies instead, and her block gets confirmed.
  await ctx.stack.revert(fork);
  await ctx.send(GRACE, "applyForChapterMembership", [1n]);
  await mine(CONFIRMATIONS + 1);
  await until(() => messagesTo(BOB).length > toBob, 60_000);
  // The read model followed the reorg: FRANK's application is gone from it.
  const applicants = await ctx.stack.query<{ actor: string }>(`select actor from ${ctx.stack.viewsSchema}.activity where kind = 'Applied'`);
  expect(applicants.map((row) => row.actor)).toEqual(expect.arrayContaining([lower(GRACE)]));
  expect(applicants.map((row) => row.actor)).not.toContain(lower(FRANK));
  // BOB heard of GRACE's application once, and never of FRANK's.
  expect(messagesTo(BOB).slice(toBob)).toEqual([application]);
  const told = await ctx.stack.query<{ n: number }>("select count(*)::int as n from app.notification_deliveries where kind = 'application' and address = $1", [lower(BOB)]);
  expect(told[0]!.n).toBe(toBob + 1);
});
