/**
 * The main paths in German and in Arabic, in Chromium on the whole local stack: browse, sign up
 * with a passkey, apply, and approve. Greta reads German (the switcher's cookie), Amal Arabic (her
 * browser's Accept-Language); each applies to a chapter, each is made a party executive, and each
 * approves the other's application in her own language. And times: the server's UTC text, then,
 * once the page runs, the browser's own time zone (Tokyo, Cairo) in the page's language, with no
 * hydration warning (every console error fails the test, write-stack.ts).
 */
import type { Page } from "playwright-core";
import type { Address } from "viem";
import { buildDemoPlan } from "../../scripts/lib/demo-data/plan.js";
import ar from "../../app/locales/ar/index.js";
import de from "../../app/locales/de/index.js";
import type { Messages } from "../../app/locales/types.js";
import { ADMIN } from "../fixtures/accounts.js";
import { confirmBeforeApplying, hydrated, newPerson, signerStatus, stack, useWriteStack, type Person } from "./write-stack.js";

useWriteStack();

/** A message of a language, by its key ("wallet.signUp"). */
const say = (messages: Messages, key: string) =>
  key.split(".").reduce<Messages | string>((group, part) => (typeof group === "string" ? group : group[part]!), messages) as string;

const applicantRow = (page: Page, account: string) => page.locator(`table.applications tr[data-applicant="${account.toLowerCase()}"]`);

/** Signs up with a passkey from the home page, in the page's language; the account's address once log_in set the session. */
async function signUpIn(person: Person, messages: Messages): Promise<Address> {
  const page = await person.open("/");
  await page.getByRole("button", { name: say(messages, "wallet.signUp") }).click();
  await page.locator(".wallet[data-signer-status='connected']").waitFor();
  await page.getByRole("link", { name: say(messages, "nav.me") }).waitFor({ timeout: 30_000 });
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem("party.wallet.session") ?? "null") as { address: Address } | null);
  return session!.address;
}

/** Applies to the chapter with its button in the page's language, and waits for the queue to show it. */
async function apply(person: Person, messages: Messages, chapterId: number, account: Address) {
  await confirmBeforeApplying(stack, account);
  const page = await person.open(`/chapters/${chapterId}`);
  await page.getByRole("button", { name: say(messages, "chapter.apply") }).click();
  await applicantRow(page, account).waitFor({ timeout: 60_000 });
}

/** Records every text the operation status lines show (a MutationObserver: short-lived ones are not missed). */
async function recordStatusTexts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { statusTexts: string[] };
    w.statusTexts = [];
    const seen = () => {
      for (const output of document.querySelectorAll(".operation output.operation-status")) {
        const text = output.textContent ?? "";
        if (text && w.statusTexts.at(-1) !== text) w.statusTexts.push(text);
      }
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
}

let greta: Person;
let amal: Person;
let gretaAddress: Address;
let amalAddress: Address;

it("browses in German: the switcher's cookie, German pages and titles, a chapter from the list", async () => {
  greta = await stack.person("greta");
  const page = await greta.open("/");
  expect(await page.locator("html").getAttribute("lang")).toBe("en");
  // The switcher is a plain link: it works before and without any script.
  await page.locator('nav.languages a[lang="de"]').click();
  await page.waitForURL(/\/$/);
  await hydrated(page);
  expect(await page.locator("html").getAttribute("lang")).toBe("de");
  expect(await page.locator("h1").textContent()).toBe(say(de, "chapters.title"));
  expect(await page.title()).toBe("Ortsgruppen · Partei");
  expect((await greta.context.cookies()).find((c) => c.name === "lng")).toMatchObject({ value: "de", sameSite: "Lax", httpOnly: false });
  await page.locator("main table a[href='/chapters/3']").click();
  await page.waitForURL(/\/chapters\/3$/);
  expect(await page.locator("main h2").first().textContent()).toMatch(/^Vorstand \(\d+\)$/);
  await greta.screenshot("languages-de-chapter.png");
}, 120_000);

it("browses in Arabic from Accept-Language alone: mirrored, Arabic navigation", async () => {
  amal = await stack.person("amal");
  await amal.page.setExtraHTTPHeaders({ "accept-language": "ar-EG,ar;q=0.9" });
  const page = await amal.open("/party");
  expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
  expect(await page.locator("html").getAttribute("lang")).toBe("ar");
  expect(await page.locator("h1").textContent()).toBe(say(ar, "party.heading"));
  expect(await page.getByRole("link", { name: say(ar, "nav.chapters") }).count()).toBe(1);
  // Mirrored: the header starts on the right.
  const brand = await page.locator("header .brand").boundingBox();
  expect(brand!.x).toBeGreaterThan(600);
  await amal.screens("languages-ar-party");
}, 120_000);

it("signs up and applies in German and in Arabic", async () => {
  gretaAddress = await signUpIn(greta, de);
  expect(await greta.page.locator(".wallet-status").textContent()).toMatch(/^Angemeldet als 0x/);
  amalAddress = await signUpIn(amal, ar);
  expect(await signerStatus(amal.page)).toBe("connected");
  await apply(greta, de, 1, gretaAddress);
  await apply(amal, ar, 2, amalAddress);
  // The badge and the status on /me speak each one's language.
  const me = await greta.open("/me");
  expect(await me.locator(".my-application").textContent()).toContain(say(de, "me.decision.applied"));
}, 240_000);

it("approves in German and in Arabic: each approves the other's application from the review queue", async () => {
  // Party executives while their applications wait: a party member first (by a demo party executive), then promoted by the party admin.
  const [partyExecutive] = buildDemoPlan().partyExecutives;
  await stack.send(partyExecutive!, "addMemberToParty", [[gretaAddress, amalAddress]]);
  for (const account of [gretaAddress, amalAddress]) await stack.send(ADMIN, "promotePartyExecutive", [account]);
  await stack.waitForIndexer();
  const decisions: [Person, Messages, number, Address][] = [
    [greta, de, 2, amalAddress],
    [amal, ar, 1, gretaAddress],
  ];
  for (const [person, messages, chapterId, applicant] of decisions) {
    const page = await person.open(`/chapters/${chapterId}/applications`);
    expect(await page.locator("h1").textContent()).toContain(say(messages, "queue.heading"));
    const shown = await recordStatusTexts(page);
    const row = applicantRow(page, applicant);
    await row.getByRole("button", { name: say(messages, "queue.approve"), exact: true }).click();
    await row.waitFor({ state: "detached", timeout: 90_000 });
    // The lifecycle spoke the page's language all the way (whatever steps the page saw).
    const progress = ["preparing", "signing", "signed", "indexed", "final"].map((step) => say(messages, `wallet.progress.${step}`));
    const seen = await shown();
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) expect([text, progress.includes(text) || text.startsWith(say(messages, "wallet.progress.included").split("{{")[0]!)]).toEqual([text, true]);
  }
  expect(await stack.read.read.memberChapter([amalAddress])).toBe(2n);
  expect(await stack.read.read.memberChapter([gretaAddress])).toBe(1n);
  const me = await amal.open("/me");
  expect(await me.locator(".member-status").first().textContent()).toBe(`(${say(ar, "status.member.member")})`);
  await amal.screenshot("languages-ar-me.png");
}, 240_000);

it("names bad input in the page's language before anything is sent: a bad line, a missing account", async () => {
  const people: [Person, Messages, string][] = [
    [greta, de, "Zeile 1: muss eine Adresse sein (0x, gefolgt von 40 Hexadezimalziffern)"],
    [amal, ar, "السطر {{line}}: يجب أن يكون عنوانًا (0x متبوعًا بـ 40 رقمًا ست عشريًا)"],
  ];
  const pending = () => stack.query(`select 1 from app.pending_operations where sender = any($1)`, [[gretaAddress, amalAddress]]);
  const before = (await pending()).length;
  for (const [person, messages, badLine] of people) {
    const page = await person.open("/party");
    const add = page.locator("form.add-members");
    await add.getByLabel(say(messages, "forms.addressLines")).fill("0x1234");
    await add.getByRole("button", { name: say(messages, "forms.addToParty") }).click();
    // The line's number as the page's language writes it (Arabic may use its own digits).
    const one = await page.evaluate((language) => new Intl.NumberFormat(language).format(1), messages === de ? "de" : "ar");
    await expect.poll(() => add.getByRole("alert").textContent()).toBe(badLine.replace("{{line}}", one));
    const remove = page.locator("form.remove-from-party");
    await remove.getByRole("button", { name: say(messages, "forms.removeFromParty") }).click();
    const problem = `${say(messages, "forms.account")}: ${say(messages, "calls.required")}`;
    await expect.poll(() => remove.getByRole("alert").textContent()).toBe(problem);
  }
  expect(await pending()).toHaveLength(before);
}, 120_000);

describe.each([
  ["de", "Asia/Tokyo"],
  ["ar", "Africa/Cairo"],
] as const)("times in %s, in %s", (language, timezoneId) => {
  it("the server's UTC text first, the browser's zone after hydration, the UTC in the title, no hydration warning", async () => {
    const person = await newPerson(stack.browser, stack.appUrl, `time-${language}`);
    stack.people.push(person);
    await person.cdp.send("Emulation.setTimezoneOverride", { timezoneId });
    await person.context.addCookies([{ name: "lng", value: language, url: stack.appUrl }]);
    const served = await person.page.request.get(`${stack.appUrl}/chapters/1`);
    const serverTimes = [...(await served.text()).matchAll(/<time dateTime="[^"]+" title="([^"]+)">([^<]+)<\/time>/g)];
    expect(serverTimes.length).toBeGreaterThan(3);
    for (const [, title, text] of serverTimes) expect(text).toBe(title);

    const page = await person.open("/chapters/1");
    const times = await page.locator("main time").evaluateAll((nodes) =>
      nodes.map((n) => ({ iso: n.getAttribute("datetime")!, title: n.getAttribute("title")!, text: n.textContent! })),
    );
    expect(times.length).toBe(serverTimes.length);
    for (const time of times) {
      expect(time.title).toBe(`${time.iso.replace("T", " ").slice(0, 16)} UTC`);
      expect(time.text).not.toBe(time.title);
    }
    // The chapter's founding time in the zone's own hours (Tokyo is UTC+9, all year), as the browser's Intl writes it.
    const added = times[0]!;
    const inZone = await page.evaluate(
      ([iso, zone, lang]) => new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit", timeZone: zone }).format(new Date(iso!)),
      [added.iso, timezoneId, language],
    );
    expect(added.text).toContain(inZone);
    if (language === "de") expect(inZone.slice(0, 2)).toBe(String((new Date(added.iso).getUTCHours() + 9) % 24).padStart(2, "0"));
    // Recent activity (this file's applications and approvals) reads "vor … Minuten" / "قبل …".
    const relative = language === "de" ? /^(vor \d+ (Sekunden|Minuten|Stunden|Tagen)|gestern|jetzt)/ : /^(قبل|منذ|الآن|أمس)/;
    expect(times.some((t) => relative.test(t.text))).toBe(true);
    await person.screenshot(`languages-${language}-times.png`);
  }, 120_000);
});
