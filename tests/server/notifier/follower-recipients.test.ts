/**
 * Who the follower tells of each kind of event, over real events on the local chain indexed by the
 * real indexer: an application its chapter's executives, a decision and a recommendation the
 * applicant, a new evaluation the chapter's members who opted in, an info message everyone who
 * opted in, a role the account that got it and the one that lost it, a removed chapter its
 * applicants. Only linked accounts that chose the kind (or have it by default) and that Telegram
 * has not refused; never the one who acted.
 */
import type { PrivateKeyAccount } from "viem";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI, IVAN } from "../../fixtures/accounts.js";
import { digest, loc } from "../../indexer/helpers.js";
import { lower, ORIGIN, useFollowerStack } from "./follower-stack.js";

const ctx = useFollowerStack();
const chats: Record<string, string> = {};
type Told = { to: string; chat: string | undefined; kind: string; text: string };
/** In a fixed order (kind, recipient, text): one step writes its deliveries together. */
const sorted = (rows: Told[]) => rows.sort((a, b) => `${a.kind} ${a.to} ${a.text}`.localeCompare(`${b.kind} ${b.to} ${b.text}`));
/** The deliveries written since the last look. */
const told = async () => sorted((await ctx.newDeliveries()).map((d) => ({ to: d.address, chat: d.chatId, kind: d.kind, text: d.text })));
/** A message to `account`'s chat. */
const to = (account: PrivateKeyAccount, kind: string, text: string): Told => ({ to: lower(account), chat: chats[lower(account)], kind, text });

beforeAll(async () => {
  // Berlin (1): ALICE, BOB, BOB its executive; Hamburg (2): CAROL, its executive. ALICE is a party executive.
  await ctx.send(ADMIN, "addChapterToParty", [[[ALICE.address, BOB.address], [CAROL.address]], [loc("Berlin"), loc("Hamburg")], [1, 3], [2, 4]]);
  await ctx.send(ADMIN, "promotePartyExecutive", [ALICE.address]);
  await ctx.send(ALICE, "promoteChapterExecutive", [BOB.address, 1n]);
  await ctx.send(ALICE, "promoteChapterExecutive", [CAROL.address, 2n]);
  for (const account of [ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE, HEIDI]) chats[lower(account)] = await ctx.link(account);
  // The first step starts at the head: the history above is not told.
  expect(await ctx.cursor()).toBeUndefined();
  await ctx.follow();
  expect(await ctx.cursor()).toBeDefined();
  expect(await told()).toEqual([]);
});

it("tells a new application to its chapter's executives, and nobody else", async () => {
  await ctx.send(DAVE, "applyForChapterMembership", [1n]);
  expect((await ctx.follow()).delivered).toBe(1);
  expect(await told()).toEqual(sorted([
    to(BOB, "application", `A new application to Berlin: ${ORIGIN}/chapters/1/applications`),
  ]));
});

it("tells a decision to the applicant: approved links the chapter, not approved links /me", async () => {
  await ctx.send(BOB, "updateMemberApplicationForChapter", [DAVE.address, true]);
  await ctx.send(ERIN, "applyForChapterMembership", [1n]);
  await ctx.send(BOB, "updateMemberApplicationForChapter", [ERIN.address, false]);
  await ctx.follow();
  expect(await told()).toEqual(sorted([
    to(BOB, "application", `A new application to Berlin: ${ORIGIN}/chapters/1/applications`),
    to(DAVE, "decision", `Your application to Berlin was approved: you are a member. ${ORIGIN}/chapters/1`),
    to(ERIN, "decision", `Your application to Berlin was not approved. ${ORIGIN}/me`),
  ]));
});

it("tells a recommendation to the applicant", async () => {
  await ctx.send(FRANK, "applyForChapterMembership", [2n]);
  await ctx.follow();
  expect((await told()).map((d) => [d.to, d.kind])).toEqual([[lower(CAROL), "application"]]);
  await ctx.send(CAROL, "recommendForChapterMembership", [[FRANK.address]]);
  await ctx.follow();
  expect(await told()).toEqual(sorted([
    to(FRANK, "recommendation", `Your application to Hamburg got a recommendation: ${ORIGIN}/me`),
  ]));
});

it("tells a new evaluation to the chapter's members who opted in, with the vote link", async () => {
  // Berlin's members: ALICE (opted in), BOB (defaults: no evaluations), DAVE (defaults and evaluations). CAROL is in Hamburg.
  await ctx.choose(ALICE, ["evaluation"]);
  await ctx.choose(DAVE, ["application", "decision", "recommendation", "role", "evaluation"]);
  await ctx.choose(CAROL, ["evaluation"]);
  await ctx.send(ADMIN, "mintEvaluation", [1n, 0x12, 32, digest(1)]);
  await ctx.follow();
  // No document stored for its CID (yet): the evaluation is named by its number.
  const text = `A new evaluation of Berlin awaits your vote: “Evaluation 1” ${ORIGIN}/evaluations/1`;
  expect(await told()).toEqual(sorted([
    to(ALICE, "evaluation", text),
    to(DAVE, "evaluation", text),
  ]));
});

it("tells an info message to everyone who opted in, members or not, and never to its sender", async () => {
  await ctx.choose(GRACE, ["info"]);
  await ctx.choose(ADMIN, ["info"]);
  await ctx.link(ADMIN);
  await ctx.send(ADMIN, "sendInfo", ["Congress", 1, 0x12, 32, digest(2)]);
  await ctx.follow();
  expect(await told()).toEqual([to(GRACE, "info", `A new info message from the party: “Info message 1” ${ORIGIN}/info/1`)]);
});

it("tells a role given or taken to the account concerned: chapter executive, single-holder role", async () => {
  await ctx.send(ALICE, "promoteChapterExecutive", [DAVE.address, 1n]);
  await ctx.send(ALICE, "demoteChapterExecutive", [DAVE.address, 1n]);
  // The evaluation minter goes from ADMIN (who acts, so is not told) to HEIDI, then to FRANK.
  await ctx.send(ADMIN, "setEvaluationMinter", [HEIDI.address]);
  await ctx.send(ADMIN, "setEvaluationMinter", [FRANK.address]);
  await ctx.follow();
  expect(await told()).toEqual(sorted([
    to(DAVE, "role", `You are now an executive of Berlin: ${ORIGIN}/chapters/1`),
    to(DAVE, "role", `You are no longer an executive of Berlin: ${ORIGIN}/chapters/1`),
    to(HEIDI, "role", `You are now the party's evaluation minter: ${ORIGIN}/party`),
    to(HEIDI, "role", `You are no longer the party's evaluation minter: ${ORIGIN}/party`),
    to(FRANK, "role", `You are now the party's evaluation minter: ${ORIGIN}/party`),
  ]));
});

it("tells nobody who chose none of it, whose chat Telegram refused, or who has not linked Telegram", async () => {
  await ctx.choose(BOB, ["decision"]);
  await ctx.send(IVAN, "applyForChapterMembership", [1n]);
  await ctx.follow();
  expect(await told()).toEqual([]);

  await ctx.choose(BOB, ["application"]);
  await ctx.stack.query(`update app.telegram_links set bot_blocked_at = now() where lower(address) = $1`, [lower(BOB)]);
  await ctx.send(BOB, "updateMemberApplicationForChapter", [IVAN.address, true]);
  const newcomer = await ctx.newcomer();
  await ctx.send(newcomer, "applyForChapterMembership", [1n]);
  await ctx.follow();
  // IVAN's decision: IVAN has not linked Telegram; the newcomer's application: BOB's chat is refused.
  expect(await told()).toEqual([]);
});

it("tells a central committee seat given and taken, a proposed party admin, and the applicants of a removed chapter", async () => {
  // Cologne (3): HEIDI; a newcomer applies there.
  await ctx.send(ADMIN, "addChapterToParty", [[[HEIDI.address]], [loc("Cologne")], [5], [6]]);
  const applicant = await ctx.newcomer();
  await ctx.link(applicant);
  await ctx.send(applicant, "applyForChapterMembership", [3n]);
  await ctx.send(ADMIN, "setCentralCommitteeMember", [3n, HEIDI.address]);
  await ctx.send(ADMIN, "setCentralCommitteeMember", [3n, "0x0000000000000000000000000000000000000000"]);
  await ctx.send(ADMIN, "setPartyAdmin", [ERIN.address]);
  // A chapter is removed once nobody is in it.
  await ctx.send(HEIDI, "leaveChapter", []);
  await ctx.send(ADMIN, "removeChapter", [3n]);
  await ctx.follow();
  const told = (await ctx.newDeliveries()).map((d) => [d.address, d.kind, d.text]);
  expect(told.sort()).toEqual(
    [
      [lower(HEIDI), "role", `You are now the central committee member of Cologne: ${ORIGIN}/chapters/3`],
      [lower(HEIDI), "role", `You are no longer the central committee member of Cologne: ${ORIGIN}/chapters/3`],
      [lower(ERIN), "role", `You are proposed as the next party admin: accept it on ${ORIGIN}/party`],
      [lower(applicant), "decision", `Your application to Cologne was closed: the chapter was removed. ${ORIGIN}/`],
    ].sort(),
  );
});
