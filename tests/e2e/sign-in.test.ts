/**
 * Sign-in end to end in Chromium with a virtual WebAuthn authenticator, on the whole local stack:
 * sign-up sends log_in (401 → EIP-712 signature → session cookie), the session survives a
 * reload, logout clears it everywhere (localStorage, the wallet IndexedDB databases, the cookie:
 * /api/command without a signature answers 401 again), signing in again recovers the same
 * account from the passkey alone; the auth redirect's parameters are stripped from the address;
 * an operation without an account triggers the passkey login, reloads and says "Account not
 * available"; a failed command shows SPEC 8's text. Last, WALLET_BACKEND=alchemy: the server
 * renders and the Account Kit back-end loads in the browser only when asked for, without
 * crashing the page (no Alchemy service is reachable here). Cases run in order.
 */
import type { Page } from "playwright-core";
import { getAddress, type Address } from "viem";
import { newCommandMessage, commandRequestBody } from "../../app/utils/command-typed-data.js";
import { startAppServer, type AppServer } from "../setup/app-server.js";
import { confirmBeforeApplying, hydrated, newPerson, signerStatus, startWriteStack, type Person, type WriteStack } from "./write-stack.js";

let stack: WriteStack;
let member: Person;
let address: Address;

beforeAll(async () => {
  stack = await startWriteStack();
  member = await stack.person("member");
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

type Stored = { session: Record<string, unknown> | null; keys: string[] };
const stored = (page: Page): Promise<Stored> =>
  page.evaluate(() => ({
    session: JSON.parse(localStorage.getItem("party.wallet.session") ?? "null") as Record<string, unknown> | null,
    keys: Object.keys(localStorage).sort(),
  }));
const sessionCookie = async (person: Person) => (await person.context.cookies()).find((c) => c.name === "__Host-session");
const walletDatabases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? "").filter((n) => /wallet|wagmi|alchemy/i.test(n)));

/** POST /api/command log_in without a signature, from the page (its cookies): 200 with a session, 401 without. */
const unsignedLogIn = (page: Page, signer: Address) =>
  page.evaluate(async (body) => {
    const response = await fetch("/api/command", { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body });
    return response.status;
  }, JSON.stringify(commandRequestBody(newCommandMessage(signer, "log_in"))));

it("signs up: connected, log_in gave a session cookie, and only { address, orgId, userId, email, expiresAt } is stored", async () => {
  const page = await member.open("/");
  expect(await signerStatus(page)).toBe("disconnected");
  expect(await stored(page)).toEqual({ session: null, keys: [] });
  const before = Date.now();
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.locator(".wallet[data-signer-status='connected']").waitFor();
  await expect.poll(() => sessionCookie(member), { timeout: 20_000 }).toBeDefined();

  const { session, keys } = await stored(page);
  address = getAddress(session!.address as string);
  expect(Object.keys(session!).sort()).toEqual(["address", "email", "expiresAt", "orgId", "userId"]);
  // userId: the passkey's credential id (base64url; CDP reports it in plain base64).
  const credentialId = (await member.credentials())[0]!.credentialId.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  expect(session).toMatchObject({ address, orgId: "local", email: null, userId: credentialId });
  const thirtyDays = 30 * 24 * 60 * 60 * 1000;
  expect(session!.expiresAt).toBeGreaterThanOrEqual(before + thirtyDays);
  expect(session!.expiresAt).toBeLessThanOrEqual(Date.now() + thirtyDays);
  // The passkey's id and public key (not secret); nothing else.
  expect(keys).toEqual(["party.wallet.passkey", "party.wallet.session"]);
  expect(await page.locator(".wallet-status").textContent()).toBe(`Signed in as ${address.slice(0, 6)}…${address.slice(-4)}`);

  const cookie = (await sessionCookie(member))!;
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
  // The server knows the member: a command needs no signature now.
  expect(await unsignedLogIn(page, address)).toBe(200);
  await member.screenshot("sign-in-connected.png");
}, 120_000);

it("the session survives a reload", async () => {
  const page = member.page;
  await page.reload();
  await hydrated(page);
  expect(await signerStatus(page)).toBe("connected");
  expect((await stored(page)).session).toMatchObject({ address });
  expect(await unsignedLogIn(page, address)).toBe(200);
  // A browse page loads no signing code for it: the back-end is fetched only to sign or log out.
  const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.endsWith(".js")));
  expect(scripts.filter((s) => /\/(wallet|passkey|smart-account)-[A-Z0-9]+\.js$/.test(s))).toEqual([]);
}, 60_000);

it("logout clears localStorage, the wallet databases and the cookie: /api/command answers 401 again", async () => {
  const page = member.page;
  // A wallet-connection database as WalletConnect leaves one.
  await page.evaluate(
    () => new Promise<void>((resolve, reject) => {
      const request = indexedDB.open("WALLET_CONNECT_V2_INDEXED_DB", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("keyvaluestorage");
      request.onsuccess = () => (request.result.close(), resolve());
      request.onerror = () => reject(request.error);
    }),
  );
  expect(await walletDatabases(page)).toEqual(["WALLET_CONNECT_V2_INDEXED_DB"]);

  await page.getByRole("button", { name: "Log out" }).click();
  await page.locator(".wallet[data-signer-status='disconnected']").waitFor();
  await expect.poll(() => sessionCookie(member)).toBeUndefined();
  expect(await stored(page)).toEqual({ session: null, keys: [] });
  expect(await walletDatabases(page)).toEqual([]);
  expect(await unsignedLogIn(page, address)).toBe(401);

  await page.reload();
  await hydrated(page);
  expect(await signerStatus(page)).toBe("disconnected");
  await member.screenshot("sign-in-logged-out.png");
}, 60_000);

it("signs in again with the same passkey: the account is recovered from the passkey alone", async () => {
  const page = member.page;
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.locator(".wallet[data-signer-status='connected']").waitFor();
  await expect.poll(() => sessionCookie(member), { timeout: 20_000 }).toBeDefined();
  expect((await stored(page)).session).toMatchObject({ address });
  expect(await member.credentials()).toHaveLength(1);
  expect(await unsignedLogIn(page, address)).toBe(200);
}, 60_000);

it("strips the auth redirect's parameters from the address", async () => {
  const page = member.page;
  await page.goto(`${stack.appUrl}/evaluations?bundle=B&orgId=O&alchemy-error=E&alchemy-id-token=T&aa-is-signup=true&alchemy-bundle=X&alchemy-org-id=Y&chapter=1#top`);
  await hydrated(page);
  await expect.poll(() => page.evaluate(() => `${location.pathname}${location.search}${location.hash}`)).toBe("/evaluations?chapter=1#top");
  expect(await signerStatus(page)).toBe("connected");
}, 60_000);

it("without a wallet account, an operation triggers the passkey login, reloads and says Account not available", async () => {
  await confirmBeforeApplying(stack, address);
  const page = await member.open("/chapters/2");
  // The stored session is there, the signer is not (as after clearing site data but the session).
  await page.evaluate(() => localStorage.removeItem("party.wallet.passkey"));
  const loaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Apply to this chapter" }).click();
  await loaded;
  await hydrated(page);
  await expect.poll(() => page.locator(".wallet-alert").textContent()).toContain("Account not available");
  expect(await signerStatus(page)).toBe("connected");
  expect((await stored(page)).keys).toEqual(["party.wallet.passkey", "party.wallet.session"]);
  // Nothing was sent: the member clicks again now that the account is back.
  expect(await stack.read.read.applicationChapter([address])).toBe(0n);
  await member.screenshot("sign-in-account-not-available.png");
  await page.getByRole("button", { name: "Dismiss" }).click();
}, 60_000);

it("a failed command shows: Error sending command: {message} ({status})", async () => {
  const person = await stack.person("unlucky");
  const page = await person.open("/");
  await page.route("**/api/command", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "The database is not reachable right now" }) }),
  );
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect.poll(() => page.locator(".wallet-alert").textContent(), { timeout: 20_000 }).toContain(
    "Error sending command: The database is not reachable right now (503)",
  );
  // The wallet is connected; only the server does not know the member yet.
  expect(await signerStatus(page)).toBe("connected");
  await person.screenshot("sign-in-command-failed.png");
}, 60_000);

it("a failed command with a keyed message shows it in the page's language (lng=de)", async () => {
  const person = await stack.person("ungluecklich");
  await person.context.addCookies([{ name: "lng", value: "de", url: stack.appUrl }]);
  const page = await person.open("/");
  // As the server answers a replay: the English `message` for the JSON API, its key and values for the page.
  const answer = { message: "This signed command was already accepted: sign a new one", key: "refusals.command.replay", values: {} };
  await page.route("**/api/command", (route) => route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify(answer) }));
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect.poll(() => page.locator(".wallet-alert").textContent(), { timeout: 20_000 }).toContain(
    "Fehler beim Senden des Befehls: Dieser signierte Befehl wurde schon angenommen: Signieren Sie einen neuen (409)",
  );
}, 60_000);

it("the problems the pages reported: none", () => {
  for (const person of stack.people) expect(person.problems).toEqual([]);
});

describe("WALLET_BACKEND=alchemy (Account Kit; no Alchemy service is reachable here)", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({
      env: { ...stack.appEnv, WALLET_BACKEND: "alchemy", ALCHEMY_GAS_POLICY_ID: "policy-for-tests" },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("the server renders the pages, and tells the browser the back-end and the policy, never a key", async () => {
    for (const path of ["/", "/chapters/1", "/chapters/1/applications", "/evaluations/1"]) {
      const response = await fetch(`${app.url}${path}`);
      expect([path, response.status]).toEqual([path, 200]);
      const html = await response.text();
      // The loader data travels turbo-stream encoded: keys and values as separate strings.
      expect(html).toMatch(/\\"backend\\",\\"alchemy\\"/);
      expect(html).toContain("policy-for-tests");
      expect(html).not.toMatch(/ALCHEMY_API_KEY|alchemy\.com\/v2\//);
    }
  });

  it("the browser loads Account Kit only when someone signs in, and the page survives it", async () => {
    const person = await newPerson(stack.browser, app.url.replace("127.0.0.1", "localhost"), "alchemy");
    try {
      const page = await person.open("/chapters/1");
      const accountKitLoaded = () =>
        page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/wallet\.client-[A-Z0-9]+\.js$/.test(e.name)));
      expect(await accountKitLoaded()).toBe(false);
      expect(await signerStatus(page)).toBe("disconnected");

      await page.getByRole("button", { name: "Sign in" }).click();
      await expect.poll(accountKitLoaded, { timeout: 30_000 }).toBe(true);
      // Without Alchemy's signer service the login cannot finish: it ends in an error state, shown.
      await page.locator(".wallet[data-signer-status='error']").waitFor({ timeout: 60_000 });
      expect(await page.locator(".wallet-alert").textContent()).not.toBe("");
      await page.locator("main h1").waitFor();
      // What Account Kit logs is the signer service it cannot reach: locally
      // /api/alchemy-rpc/signer/* answers 501 "not available here" (production forwards it).
      const expected = (p: string) => p.includes("/api/alchemy-rpc/signer/v1/") || p.includes("Alchemy signer service is not available here");
      expect(person.problems.filter((p) => !expected(p))).toEqual([]);
      await person.screenshot("sign-in-alchemy-unreachable.png");
    } finally {
      await person.context.close();
    }
  }, 120_000);
});
