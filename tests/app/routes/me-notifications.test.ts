/**
 * /me's Notifications section and its form (POST /me/notifications), over HTTP against the
 * production server: nothing to choose before Telegram is linked; the kinds with the defaults
 * ticked; a saved choice (some kinds, or none) shows on /me, and the page's language is kept for
 * the messages, as linking Telegram keeps it; every way the form can be refused
 * (signed out 401, another account's form 403, another site 403, an unknown kind 400, a huge form
 * 413); Telegram's refusal of the chat with the bot's link, cleared by linking Telegram again;
 * the last messages with their state.
 */
import { getAddress, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { errorOf, get, hrefs, text, type Page } from "../../setup/html.js";
import { telegramParams, unsignedBody } from "../../setup/identity.js";
import { getAs, sessionFor } from "../../setup/session.js";
import { startStack, type Stack } from "../../setup/stack.js";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ seed: false, app: { env: { TELEGRAM_BOT_NAME: "party_test_bot" } } });
});
afterAll(() => stack?.stop());

/** A new account with a session; its Telegram linked when asked. */
async function member({ linked = true } = {}) {
  const address = privateKeyToAccount(generatePrivateKey()).address;
  const token = await sessionFor(stack, address);
  if (linked) {
    await stack.query(`insert into app.telegram_links (address, telegram_id, username, auth_date) values ($1, $2, 'member', 0)`, [
      address,
      BigInt(`0x${address.slice(2, 14)}`).toString(),
    ]);
  }
  return { address, token };
}

const me = async (token: string) => {
  const page = await getAs(stack.appUrl, "/me", token);
  expect(page.status).toBe(200);
  return page;
};
/** The Notifications section, its data attributes included. */
const notifications = (page: Page) => /<section class="notifications"[\s\S]*?<\/section>/.exec(page.main)?.[0] ?? "";
/** The kinds whose checkbox is ticked. */
const ticked = (html: string) =>
  [...html.matchAll(/<input type="checkbox" name="kind"[^>]*>/g)].filter((m) => m[0].includes('checked=""')).map((m) => /value="(\w+)"/.exec(m[0])?.[1]);
const choose = (token: string | undefined, fields: [string, string][], headers: Record<string, string> = {}) =>
  fetch(`${stack.appUrl}/me/notifications`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(token ? { cookie: `__Host-session=${token}` } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
const stored = async (address: string) =>
  (await stack.query<{ kinds: string[] | null; language: string | null }>(`select kinds, language from app.notification_settings where address = $1`, [
    address.toLowerCase(),
  ]))[0];
const storedKinds = async (address: string) => (await stored(address))?.kinds;
/** Links Telegram as /me does (the local stand-in's login, then register_telegram), from a page in `language` when given. */
async function linkTelegram(address: Address, token: string, language?: string) {
  const cookie = `__Host-session=${token}${language ? `; lng=${language}` : ""}`;
  const standIn = await fetch(`${stack.appUrl}/dev/telegram-login`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ username: `member_${address.slice(2, 10)}` }),
  });
  const user = (await standIn.json()) as Record<string, string | number>;
  const params = telegramParams(Object.fromEntries(Object.entries(user).map(([k, v]) => [k, String(v)])));
  const linked = await fetch(`${stack.appUrl}/api/command`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(unsignedBody(address, "register_telegram", params)),
  });
  expect(linked.status).toBe(200);
}
/** An answer's page: its status and the error boundary's message. */
const refusal = async (response: Response) => {
  const body = await response.text();
  const main = /<main>([\s\S]*?)<\/main>/.exec(body)?.[1] ?? "";
  return { status: response.status, message: errorOf({ status: response.status, headers: response.headers, body, main })?.message };
};

it("has nothing to choose before Telegram is linked", async () => {
  const { token } = await member({ linked: false });
  const section = notifications(await me(token));
  expect(section).toContain('data-linked="no"');
  expect(text(/<p[^>]*>([\s\S]*?)<\/p>/.exec(section)?.[1] ?? "")).toBe("Link Telegram above to be told there of what concerns you: applications, decisions, votes, roles.");
  expect(section).not.toContain("<form");
});

it("offers every kind with the defaults ticked, and a saved choice shows on /me", async () => {
  const { address, token } = await member();
  let section = notifications(await me(token));
  expect(section).toContain('action="/me/notifications"');
  expect(ticked(section)).toEqual(["application", "decision", "recommendation", "role"]);
  expect(text(section)).toContain("These are the defaults until you save a choice.");
  expect([...section.matchAll(/name="kind"/g)]).toHaveLength(6);

  const saved = await choose(token, [["account", address], ["kind", "info"], ["kind", "evaluation"], ["kind", "info"]]);
  expect([saved.status, saved.headers.get("location")]).toEqual([303, "/me#notifications"]);
  expect(await storedKinds(address)).toEqual(["evaluation", "info"]);
  section = notifications(await me(token));
  expect(ticked(section)).toEqual(["evaluation", "info"]);
  expect(text(section)).not.toContain("These are the defaults");
});

it("keeps the page's language for the messages: saving on /me, and linking Telegram without changing the kinds", async () => {
  const { address, token } = await member();
  expect((await choose(token, [["account", address], ["kind", "decision"]], { cookie: `__Host-session=${token}; lng=de` })).status).toBe(303);
  expect(await stored(address)).toEqual({ kinds: ["decision"], language: "de" });
  // A page in English (no cookie, no Accept-Language) is English.
  expect((await choose(token, [["account", address], ["kind", "decision"]])).status).toBe(303);
  expect((await stored(address))?.language).toBe("en");

  // Linking Telegram from an Arabic page: its language, and the member still on the defaults, unchosen.
  const newcomer = await member({ linked: false });
  await linkTelegram(newcomer.address, newcomer.token, "ar");
  expect(await stored(newcomer.address)).toEqual({ kinds: null, language: "ar" });
  const section = notifications(await me(newcomer.token));
  expect(ticked(section)).toEqual(["application", "decision", "recommendation", "role"]);
  expect(text(section)).toContain("These are the defaults until you save a choice.");
  // Linking again from a German page keeps a saved choice.
  await linkTelegram(address, token, "de");
  expect(await stored(address)).toEqual({ kinds: ["decision"], language: "de" });
});

it("saves no kind at all as every message off, and sends a GET of the form's address to /me", async () => {
  const { address, token } = await member();
  expect((await choose(token, [["account", address.toLowerCase()]])).status).toBe(303);
  expect(await storedKinds(address)).toEqual([]);
  expect(ticked(notifications(await me(token)))).toEqual([]);
  const page = await get(stack.appUrl, "/me/notifications", { cookie: `__Host-session=${token}` });
  expect([page.status, page.headers.get("location")]).toEqual([302, "/me#notifications"]);
});

it("refuses the form signed out (401), for another account (403), from another site (403), with an unknown kind (400), too large (413)", async () => {
  const { address, token } = await member();
  const other = await member();
  expect(await refusal(await choose(undefined, [["account", address], ["kind", "info"]]))).toEqual({
    status: 401,
    message: "Sign in (top right) to choose your notifications.",
  });
  expect(await refusal(await choose(token, [["account", other.address], ["kind", "info"]]))).toEqual({
    status: 403,
    message: "This form sets another account's notifications: reload /me, signed in as the account you want to change.",
  });
  expect((await choose(token, [["account", address], ["kind", "info"]], { origin: "https://elsewhere.example" })).status).toBe(403);
  expect(await refusal(await choose(token, [["account", address], ["kind", "info"], ["kind", "gossip"]]))).toEqual({
    status: 400,
    message: 'Unknown notification kind "gossip": the kinds are application, decision, recommendation, evaluation, info, role',
  });
  expect((await refusal(await choose(token, [["account", address], ["kind", "x".repeat(2000)]]))).status).toBe(413);
  // Nothing of it was saved, for either account.
  expect(await storedKinds(address)).toBeUndefined();
  expect(await storedKinds(other.address)).toBeUndefined();
});

it("says its refusals in the page's language (the lng cookie): German, Arabic", async () => {
  const { address, token } = await member();
  const as = (lng: string, signedIn = true) => ({ cookie: [signedIn ? `__Host-session=${token}` : "", `lng=${lng}`].filter(Boolean).join("; ") });
  expect(await refusal(await choose(undefined, [["account", address]], as("de", false)))).toEqual({
    status: 401,
    message: "Melden Sie sich an (oben rechts), um Ihre Benachrichtigungen zu wählen.",
  });
  expect(await refusal(await choose(token, [["account", address], ["kind", "gossip"]], as("de")))).toEqual({
    status: 400,
    message: "Unbekannte Art von Benachrichtigung „gossip“: Die Arten sind application, decision, recommendation, evaluation, info, role",
  });
  expect(await refusal(await choose(token, [["account", address], ["kind", "x".repeat(2000)]], as("de")))).toEqual({
    status: 413,
    message: "Das Formular ist größer als 1.024 Bytes",
  });
  expect(await refusal(await choose(token, [["account", getAddress(`0x${"12".repeat(20)}`)]], as("ar")))).toEqual({
    status: 403,
    message: "هذا النموذج يضبط إشعارات حساب آخر: أعد تحميل /me وأنت مسجّل الدخول بالحساب الذي تريد تغييره.",
  });
  expect(await storedKinds(address)).toBeUndefined();
});

it("says when Telegram could not reach the member, with the bot's link; linking Telegram again clears it", async () => {
  const { address, token } = await member({ linked: false });
  const link = () => linkTelegram(address, token);
  await link();
  await stack.query(`update app.telegram_links set bot_blocked_at = now() where address = $1`, [getAddress(address)]);
  let section = notifications(await me(token));
  expect(section).toContain('data-blocked="yes"');
  const blocked = /<p class="notifications-blocked"[^>]*>([\s\S]*?)<\/p>/.exec(section)?.[1] ?? "";
  expect(text(blocked)).toBe("Telegram could not reach you: start the bot at t.me/party_test_bot, then link Telegram again above. Nothing is sent until then.");
  expect(hrefs(blocked, "https://t.me/")).toEqual(["https://t.me/party_test_bot"]);

  await link();
  section = notifications(await me(token));
  expect(section).toContain('data-blocked="no"');
  expect(section).not.toContain("notifications-blocked");
});

it("lists the last five messages, newest first, with their state", async () => {
  const { address, token } = await member();
  for (const [i, status] of (["sent", "queued", "blocked", "failed", "sent", "sent"] as const).entries()) {
    await stack.query(
      `insert into app.notification_deliveries (key, address, chat_id, kind, text, status, created_at)
       values ($1, $2, 1, 'decision', $3, $4, now() - make_interval(mins => $5))`,
      [`test:${i}:${address}`, address.toLowerCase(), `Message ${i}`, status, 10 - i],
    );
  }
  // Each message after its time (<Time>: the UTC text until the browser has hydrated).
  const items = [...notifications(await me(token)).matchAll(/<li data-status="(\w+)">([\s\S]*?)<\/li>/g)].map((m) => [m[1], text(m[2]!).replace(/^\S+ \S+ UTC /, "")]);
  expect(items).toEqual([
    ["sent", "Message 5 (sent)"],
    ["sent", "Message 4 (sent)"],
    ["failed", "Message 3 (could not be sent)"],
    ["blocked", "Message 2 (Telegram could not reach you)"],
    ["queued", "Message 1 (waiting to be sent)"],
  ]);
});
