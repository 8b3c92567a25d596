/**
 * Each member is told in the language they use the app in (app.notification_settings.language, as
 * /me and linking Telegram record it), over real events on the local chain: German and Arabic
 * members in theirs, a member without a language or with one the app does not have in English;
 * a message is made once per language, however many it goes to; a folded burst in German.
 */
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN } from "../../fixtures/accounts.js";
import { digest, loc } from "../../indexer/helpers.js";
import type { TFunction } from "i18next";
import { textsOnce } from "../../../server/notifier/messages.js";
import { formatCid } from "../../../app/ground/cid.js";
import { lower, ORIGIN, useFollowerStack } from "./follower-stack.js";

const ctx = useFollowerStack();
/** Address → text of the deliveries written since the last look. */
const told = async () => Object.fromEntries((await ctx.newDeliveries()).map((d) => [d.address, d.text]));
/** A number as Arabic messages write it ({{count, number}}). */
const arabic = (n: number) => new Intl.NumberFormat("ar").format(n);

beforeAll(async () => {
  // Berlin (1): ALICE (German), BOB (Arabic), CAROL (French, which the app does not have), DAVE (no language); ERIN,
  // not linked, its party executive.
  await ctx.send(ADMIN, "addChapterToParty", [[[ALICE.address, BOB.address, CAROL.address, DAVE.address, ERIN.address]], [loc("Berlin")], [1], [2]]);
  await ctx.send(ADMIN, "promotePartyExecutive", [ERIN.address]);
  for (const account of [ALICE, BOB, CAROL, DAVE]) {
    await ctx.link(account);
    await ctx.choose(account, ["application", "evaluation", "role"]);
  }
  await ctx.speak(ALICE, "de");
  await ctx.speak(BOB, "ar");
  await ctx.speak(CAROL, "fr");
  await ctx.follow();
  await ctx.newDeliveries();
});

it("tells a new evaluation to each member in their language, English without a known one, by its document's title", async () => {
  // The document is stored (as a minter's publish stores it) before the evaluation is minted: its title is in every message.
  const cid = formatCid({ hashCode: 0x12, hashSize: 32, hashDigest: digest(1) });
  await ctx.pool.query(
    `insert into app.documents (cid, kind, language, title, body, scale, size) values ($1, 'evaluation', 'de', 'Haustürwahlkampf in Berlin', 'Text', '{"min":"a","zero":"b","max":"c"}', 1)`,
    [cid],
  );
  await ctx.send(ADMIN, "mintEvaluation", [1n, 0x12, 32, digest(1)]);
  expect((await ctx.follow()).delivered).toBe(4);
  const link = `${ORIGIN}/evaluations/1`;
  expect(await told()).toEqual({
    [lower(ALICE)]: `Eine neue Bewertung von Berlin wartet auf Ihre Stimme: „Haustürwahlkampf in Berlin“ ${link}`,
    [lower(BOB)]: `تقييم جديد يخصّ Berlin بانتظار تصويتك: «Haustürwahlkampf in Berlin» ${link}`,
    [lower(CAROL)]: `A new evaluation of Berlin awaits your vote: “Haustürwahlkampf in Berlin” ${link}`,
    [lower(DAVE)]: `A new evaluation of Berlin awaits your vote: “Haustürwahlkampf in Berlin” ${link}`,
  });
});

it("tells a role in the member's language", async () => {
  await ctx.send(ERIN, "promoteChapterExecutive", [ALICE.address, 1n]);
  await ctx.send(ERIN, "promoteChapterExecutive", [BOB.address, 1n]);
  await ctx.follow();
  expect(await told()).toEqual({
    [lower(ALICE)]: `Sie sind jetzt im Vorstand von Berlin: ${ORIGIN}/chapters/1`,
    [lower(BOB)]: `أصبحت عضوًا في الهيئة التنفيذية في Berlin: ${ORIGIN}/chapters/1`,
  });
});

it("folds a burst of applications into one message in each executive's language", async () => {
  const start = new Date();
  for (let i = 0; i < 6; i++) await ctx.send(await ctx.newcomer(), "applyForChapterMembership", [1n]);
  expect(await ctx.follow({ foldSeconds: 60, now: start })).toMatchObject({ delivered: 0 });
  expect(await ctx.follow({ foldSeconds: 60, now: new Date(start.getTime() + 60_000) })).toMatchObject({ delivered: 2 });
  const link = `${ORIGIN}/chapters/1/applications`;
  expect(await told()).toEqual({
    [lower(ALICE)]: `6 neue Anträge für Berlin: ${link}`,
    [lower(BOB)]: `${arabic(6)} طلبات انتساب جديدة إلى Berlin: ${link}`,
  });
});

it("makes a message's text once per language, whatever the number of recipients (no language or an unknown one: English)", () => {
  const text = textsOnce();
  const made: string[] = [];
  const info = (t: TFunction) => made[made.push(t("notify.info", { name: "Kongress", link: ORIGIN })) - 1]!;
  const texts = ["de", "ar", null, "fr", "de", "en", "ar"].map((language) => text("info", language, info));
  expect(made).toEqual([
    `Eine neue Infonachricht der Partei: „Kongress“ ${ORIGIN}`,
    `رسالة معلومات جديدة من الحزب: «Kongress» ${ORIGIN}`,
    `A new info message from the party: “Kongress” ${ORIGIN}`,
  ]);
  expect(texts).toEqual([made[0], made[1], made[2], made[2], made[0], made[2], made[1]]);
});
