/**
 * The passkeys of an account in the production server's HTML, over an indexer that followed the
 * local passkey factory: /me lists them (with the Remove/Replace controls' markers), /add-device
 * shows each end of "Add a device" per viewer, GET /api/accounts answers the owner → account
 * lookup. Accounts are made without a bundler (tests/setup/account-owners.ts); the browser flow
 * is tests/e2e/devices.test.ts.
 */
import type { Address, Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { passkeyLabel } from "../../../app/utils/device-link.js";
import { deployWalletInfra } from "../../../scripts/lib/wallet-infra.js";
import { ADMIN } from "../../fixtures/accounts.js";
import { passkeyAccounts } from "../../setup/account-owners.js";
import { errorOf, h1, section, text } from "../../setup/html.js";
import { controlsOf, getAs, sessionFor } from "../../setup/session.js";
import { startStack, type Stack } from "../../setup/stack.js";

let stack: Stack;
let account: Address;
let other: Address;
let owners: Hex[];
let token: string;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  const accounts = passkeyAccounts(stack, await deployWalletInfra({ rpcUrl: stack.rpcUrl, deployer: ADMIN }));
  owners = accounts.newOwners(4);
  account = await accounts.create(owners.slice(0, 2));
  other = await accounts.create([owners[3]!]);
  await stack.waitForIndexer();
  token = await sessionFor(stack, account);
}, 240_000);
afterAll(() => stack?.stop());

const keyOf = (owner: Hex) => `0x${owner.slice(-128)}`;
const page = (path: string, session?: string) => getAs(stack.appUrl, path, session);

describe("/me", () => {
  it("lists the passkeys that own the account, each with when it was added and its controls", async () => {
    const me = await page("/me", token);
    expect(me.status).toBe(200);
    const passkeys = section(me, "My passkeys");
    for (const owner of owners.slice(0, 2)) expect(text(passkeys)).toMatch(new RegExp(`${passkeyLabel(owner)} added \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC`));
    expect([...passkeys.matchAll(/data-controls="passkey"/g)]).toHaveLength(2);
    expect(passkeys).toContain('href="/add-device"');
  });

  it("says when the account has none on chain yet", async () => {
    const me = await page("/me", await sessionFor(stack, privateKeyToAccount(generatePrivateKey()).address));
    expect(text(section(me, "My passkeys"))).toContain("None yet");
    expect(controlsOf(me)).not.toContain("passkey");
  });
});

describe("naming a passkey (POST /me)", () => {
  /** The naming form as a browser without JavaScript posts it, with the session cookie of `session`. */
  const name = (fields: Record<string, string>, session: string | null = token, headers: Record<string, string> = {}) =>
    fetch(`${stack.appUrl}/me`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: stack.appUrl,
        ...(session ? { cookie: `__Host-session=${session}` } : {}),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    }).then(async (response) => ({ status: response.status, body: await response.text() }));
  const form = (owner: Hex, value: string) => ({ intent: "name-passkey", owner, name: value });
  const names = async () =>
    Object.fromEntries([...section(await page("/me", token), "My passkeys").matchAll(/data-owner="(0x[0-9a-f]+)"[^>]*>\s*<strong class="passkey-name">([^<]*)</g)].map((m) => [m[1], m[2]]));

  it("names one passkey of the account, renames it, and forgets the name when it is emptied", async () => {
    expect((await name(form(owners[0]!, "  Anna's phone "))).status).toBe(200);
    expect(await names()).toEqual({ [owners[0]!]: "Anna&#x27;s phone", [owners[1]!]: passkeyLabel(owners[1]!) });
    expect((await name(form(owners[0]!, "Laptop"))).status).toBe(200);
    expect((await names())[owners[0]!]).toBe("Laptop");
    expect((await name(form(owners[0]!, ""))).status).toBe(200);
    expect((await names())[owners[0]!]).toBe(passkeyLabel(owners[0]!));
  });

  it("refuses, with a message and nothing stored: another account's passkey, a long or control-character name, an unknown form", async () => {
    for (const [fields, message] of [
      [form(owners[3]!, "not mine"), "That is not a passkey of your account"],
      [form(owners[1]!, "x".repeat(41)), "A passkey&#x27;s name is at most 40 characters, without control characters"],
      [form(owners[1]!, "tab\there"), "A passkey&#x27;s name is at most 40 characters, without control characters"],
      [{ intent: "something", owner: owners[1]!, name: "x" }, "Unknown form: intent must be &quot;name-passkey&quot;"],
    ] as const) {
      const answer = await name(fields);
      expect([answer.status, answer.body.includes(message)]).toEqual([400, true]);
    }
    expect((await names())[owners[1]!]).toBe(passkeyLabel(owners[1]!));
    expect((await name({ ...form(owners[1]!, "x"), pad: "y".repeat(2000) })).status).toBe(413);
  });

  it("without a session 401; from another site 403", async () => {
    const stranger = await name(form(owners[1]!, "mine now"), null);
    expect([stranger.status, stranger.body.includes("Sign in (top right) to name your passkeys.")]).toEqual([401, true]);
    expect((await name(form(owners[1]!, "mine now"), token, { origin: "https://evil.example", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await names())[owners[1]!]).toBe(passkeyLabel(owners[1]!));
  });
});

describe("/add-device", () => {
  it("on the new device: what to do, and no form (the passkey is made in the browser)", async () => {
    const shown = await page("/add-device");
    expect([shown.status, h1(shown)]).toEqual([200, "Add a device"]);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(text(shown.main)).toContain("open the link on a device that is already signed in to your account");
  });

  it("a malformed key: 400 saying what a key is", async () => {
    for (const key of ["0x1234", `0x${"zz".repeat(64)}`, ""]) {
      const answer = await page(`/add-device?key=${key}`, token);
      expect(answer.status).toBe(400);
      expect(errorOf(answer)?.message).toBe("key must be the new device's passkey: 0x followed by 128 hex digits, as its Add a device page shows it");
    }
  });

  it("nobody signed in: sign in first", async () => {
    const answer = await page(`/add-device?key=${keyOf(owners[2]!)}`);
    expect(answer.status).toBe(200);
    expect(text(answer.main)).toContain("Sign in (top right) on a device that already has your account");
    expect(controlsOf(answer)).toEqual([]);
  });

  it("signed in: what will be added to which account, and the form", async () => {
    const answer = await page(`/add-device?key=${keyOf(owners[2]!).toUpperCase().replace("0X", "0x")}`, token);
    expect(h1(answer)).toBe("Add a passkey");
    expect(text(answer.main)).toContain(`${passkeyLabel(owners[2]!)}, made on the device that showed you this link.`);
    expect(text(answer.main)).toContain("Your account has 2 passkeys (at most 10).");
    expect(answer.main).toContain(`/members/${account}`);
    expect(controlsOf(answer)).toEqual(["add-passkey"]);
  });

  it("a passkey the account has already: says so, no form; one another account has: warns", async () => {
    const mine = await page(`/add-device?key=${keyOf(owners[0]!)}`, token);
    expect(text(mine.main)).toContain("It owns your account");
    expect(controlsOf(mine)).toEqual([]);
    const theirs = await page(`/add-device?key=${keyOf(owners[3]!)}`, token);
    expect(text(theirs.main)).toContain("This passkey already owns another account");
    expect(theirs.main).toContain(`/members/${other.toLowerCase()}`);
    expect(controlsOf(theirs)).toEqual(["add-passkey"]);
  });
});

describe("GET /api/accounts", () => {
  const lookup = async (query: string, init?: RequestInit) => {
    const response = await fetch(`${stack.appUrl}/api/accounts${query}`, init);
    return { status: response.status, body: (await response.json()) as { accounts?: { owner: Hex; account: string }[]; message?: string } };
  };

  it("answers the accounts an owner owns, and none for an unknown owner", async () => {
    const { status, body } = await lookup(`?owner=${owners[1]}&owner=${owners[2]}`);
    expect(status).toBe(200);
    expect(body.accounts).toEqual([expect.objectContaining({ owner: owners[1], account: account.toLowerCase() })]);
    expect((await lookup(`?owner=${owners[2]}`)).body).toEqual({ accounts: [] });
  });

  it("refuses what is not an owner list with a 400 saying why, and any method but GET", async () => {
    expect(await lookup("")).toEqual({ status: 400, body: { message: "owner is missing: give one or more ?owner=0x… (the verifier's address and the public key, 84 bytes)" } });
    expect(await lookup("?owner=0x1234")).toEqual({ status: 400, body: { message: 'owner must be 0x followed by 168 hex digits (84 bytes), got "0x1234"' } });
    expect(await lookup(`?${owners.concat(owners[0]!).map((o) => `owner=${o}`).join("&")}`)).toEqual({ status: 400, body: { message: "at most 4 owners at once" } });
    expect((await lookup(`?owner=${owners[0]}`, { method: "POST", headers: { origin: stack.appUrl } })).status).toBe(405);
  });
});
