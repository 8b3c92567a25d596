/**
 * /me's Telegram and membership-proof sections and the Telegram stand-in, over HTTP against the
 * production server: on the local chain /me offers the stand-in, and its data sent as
 * register_telegram with the session shows on /me as linked (hidden, then shown); with
 * PARTY_ENV=production and TELEGRAM_BOT_NAME /me offers Telegram's widget for that bot, and the
 * stand-in is not mounted: the app's 404 page for every method. The navigation links /proofs and /verify.
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startAppServer, type AppServer } from "../../setup/app-server.js";
import { hrefs, section, text } from "../../setup/html.js";
import { telegramParams, unsignedBody } from "../../setup/identity.js";
import { getAs, sessionFor } from "../../setup/session.js";
import { startStack, type Stack } from "../../setup/stack.js";

let stack: Stack;
let production: AppServer;
const account = privateKeyToAccount(generatePrivateKey()).address;
let token: string;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  production = await startAppServer({
    env: {
      ...stack.appEnv,
      PARTY_ENV: "production",
      PARTY_ADDRESS: stack.address,
      PARTY_START_BLOCK: "0",
      TELEGRAM_BOT_NAME: "party_test_bot",
      TELEGRAM_BOT_TOKEN: "123:production-test-token",
    },
  });
  stack.adopt(production.stop);
  token = await sessionFor(stack, account);
});
afterAll(() => stack?.stop());

const me = async (base: string) => {
  const page = await getAs(base, "/me", token);
  expect(page.status).toBe(200);
  return page;
};
const telegramSection = (main: string) => /<section class="telegram" data-login="([\w-]+)" data-linked="(\w+)">([\s\S]*?)<\/section>/.exec(main);
const status = (found: RegExpExecArray | null) => text(/<p class="telegram-status">([\s\S]*?)<\/p>/.exec(found?.[3] ?? "")?.[1] ?? "");
const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `__Host-session=${token}` },
    body: JSON.stringify(body),
  });

describe("PARTY_ENV=local", () => {
  it("offers the stand-in, and nothing is linked yet", async () => {
    const found = telegramSection((await me(stack.appUrl)).main);
    expect(found?.slice(1, 3)).toEqual(["stand-in", "no"]);
    expect(status(found)).toBe("No Telegram account is linked.");
  });

  it("the stand-in's data, sent as register_telegram with the session, shows as linked: hidden, then shown", async () => {
    const standIn = await post(stack.appUrl, "/dev/telegram-login", { username: "route_member" });
    expect(standIn.status).toBe(200);
    const user = (await standIn.json()) as Record<string, string | number>;
    const params = telegramParams(Object.fromEntries(Object.entries(user).map(([k, v]) => [k, String(v)])));
    expect((await post(stack.appUrl, "/api/command", unsignedBody(account, "register_telegram", params))).status).toBe(200);
    let found = telegramSection((await me(stack.appUrl)).main);
    expect(found?.[2]).toBe("hidden");
    expect(status(found)).toBe("Linked to @route_member: hidden from your member page.");

    expect((await post(stack.appUrl, "/api/command", unsignedBody(account, "set_telegram_visibility", ["true"]))).status).toBe(200);
    found = telegramSection((await me(stack.appUrl)).main);
    expect(found?.[2]).toBe("shown");
    expect(status(found)).toBe("Linked to @route_member: shown on your member page.");
  });

  it("explains the membership proof, signed in the browser", async () => {
    const proof = text(section(await me(stack.appUrl), "Membership proof"));
    expect(proof).toContain("A proof, signed with your passkey, that this account is a member: anyone can check it on /verify for 30 days");
  });

  it("links /proofs and /verify from the navigation, for anyone", async () => {
    const home = await getAs(stack.appUrl, "/");
    const nav = /<nav>([\s\S]*?)<\/nav>/.exec(home.body)?.[1] ?? "";
    expect(hrefs(nav, "/proofs")).toEqual(["/proofs"]);
    expect(hrefs(nav, "/verify")).toEqual(["/verify"]);
  });
});

describe("PARTY_ENV=production", () => {
  it("offers Telegram's login widget for TELEGRAM_BOT_NAME", async () => {
    const found = telegramSection((await me(production.url)).main);
    expect(found?.[1]).toBe("widget");
  });

  it("has no stand-in: not mounted (server/development-routes.ts), the app's 404 page for a POST, with a session or without, and for a GET", async () => {
    const answers = [
      await post(production.url, "/dev/telegram-login", { username: "route_member" }),
      await fetch(`${production.url}/dev/telegram-login`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
      await fetch(`${production.url}/dev/telegram-login`),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
    expect(answers.map((a) => a.headers.get("content-type"))).toEqual(Array(3).fill(expect.stringMatching(/^text\/html/)));
  });
});
