/**
 * The member search and the party executive's and party admin's controls (issue #13), against
 * the production server over the seeded demo read model. Each viewer signs in with an EOA's
 * signature (as dev.roles.test.ts does) and gets its role from grantRole (`npm run grant`); the
 * party admin is the local admin (anvil's first account). The controls' server-rendered markers
 * (`data-controls`) say who gets which control; a stranger (no session) gets none.
 */
import { type PrivateKeyAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { grantRole, type Role } from "../../../app/services/dev-roles.server.js";
import { ADMIN } from "../../fixtures/accounts.js";
import { decode, errorOf, get, getCanonical, nextPage, tableRows, type Page } from "../../setup/html.js";
import { signedBody, tokenFrom } from "../../setup/identity.js";
import { startStack, type Stack } from "../../setup/stack.js";

let stack: Stack;
const sessions = new Map<string, string>();
const fresh = () => privateKeyToAccount(generatePrivateKey());
const viewers = { executive: fresh(), proposed: fresh(), member: fresh(), admin: ADMIN };
type Who = keyof typeof viewers | "stranger";

async function signIn(account: PrivateKeyAccount) {
  const { body } = await signedBody(stack.address, account, "log_in");
  const answer = await fetch(`${stack.appUrl}/api/command`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(answer.status).toBe(200);
  return tokenFrom(answer.headers.get("set-cookie"));
}

beforeAll(async () => {
  stack = await startStack({ seed: true });
  const grant = (account: PrivateKeyAccount, role: Role, chapterId?: bigint) =>
    grantRole({ rpcUrl: stack.rpcUrl, party: stack.address, account: account.address, role, chapterId });
  await grant(viewers.executive, "party-executive", 2n);
  await grant(viewers.member, "member", 2n);
  await grant(viewers.proposed, "party-admin");
  for (const [who, account] of Object.entries(viewers)) sessions.set(who, await signIn(account));
  await stack.waitForIndexer();
}, 300_000);
afterAll(() => stack?.stop());

const as = (who: Who, path: string) => get(stack.appUrl, path, who === "stranger" ? {} : { cookie: `__Host-session=${sessions.get(who)}` });
const controls = (page: Page) => [...new Set([...page.main.matchAll(/data-controls="([^"]+)"/g)].map((m) => m[1]))].sort();

describe("/party controls per viewer", () => {
  const PARTY_EXECUTIVE = ["add-members", "remove-from-party"];
  const PARTY_ADMIN = ["demote-party-executive", "promote-party-executive", "set-chapterAdmin", "set-evaluationMinter", "set-infoSender", "set-partyAdmin"];
  it.each([
    ["stranger", []],
    ["member", []],
    ["executive", PARTY_EXECUTIVE],
    ["proposed", ["accept-party-admin"]],
    ["admin", PARTY_ADMIN],
  ] as [Who, string[]][])("%s sees %j", async (who, expected) => {
    const page = await as(who, "/party");
    expect(page.status).toBe(200);
    // The local admin is no party executive in the demo data: only the admin's own controls.
    expect(controls(page)).toEqual([...expected].sort());
  });

  it("shows the proposed party admin beside the current one, and links the member search", async () => {
    const page = await as("stranger", "/party");
    const row = /<tr data-role="partyAdmin">([\s\S]*?)<\/tr>/.exec(page.main)?.[1] ?? "";
    expect(row).toContain(`data-proposed="${viewers.proposed.address.toLowerCase()}"`);
    expect(page.main).toContain('href="/members"');
  });
});

describe("chapter page: promote and demote chapter executives", () => {
  it.each([
    ["stranger", false],
    ["member", false],
    ["proposed", false],
    ["executive", true],
  ] as [Who, boolean][])("%s gets the controls: %s", async (who, shown) => {
    const page = await as(who, "/chapters/2");
    expect(page.status).toBe(200);
    const mine = controls(page).filter((c) => c.endsWith("chapter-executive"));
    expect(mine).toEqual(shown ? ["demote-chapter-executive", "promote-chapter-executive"] : []);
  });
});

describe("/members?q= (member search)", () => {
  const accounts = async () =>
    (await stack.query<{ account: string }>(`select account from "${stack.viewsSchema}".members order by account collate "C"`)).map((r) => r.account);

  it("finds the members whose address starts with the prefix, each with its chapter, in address order", async () => {
    const all = await accounts();
    const prefix = all[Math.floor(all.length / 2)]!.slice(0, 4);
    const page = await getCanonical(stack.appUrl, `/members?q=${prefix}`);
    expect(page.status).toBe(200);
    const found = [...page.main.matchAll(/<tr data-account="([^"]+)"/g)].map((m) => m[1]);
    expect(found).toEqual(all.filter((a) => a.startsWith(prefix)).slice(0, 20));
    // Each with its chapter (a demo member is in one) and status.
    const [account, chapter, status] = tableRows(page.main)[0]!;
    expect([account, chapter, status]).toEqual([expect.stringMatching(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/), expect.stringMatching(/^Chapter \d+$|^–$/), expect.any(String)]);
  });

  it("caps a page at 20 and continues after the last one shown", async () => {
    const all = await accounts();
    expect(all.length).toBeGreaterThan(40);
    const first = await getCanonical(stack.appUrl, "/members?q=0x");
    const rows = [...first.main.matchAll(/<tr data-account="([^"]+)"/g)].map((m) => m[1]);
    expect(rows).toEqual(all.slice(0, 20));
    const next = nextPage(first)?.toString();
    expect(next).toBe(`after=${all[19]}&q=0x`);
    const second = await get(stack.appUrl, `/members?${next}`);
    expect([...second.main.matchAll(/<tr data-account="([^"]+)"/g)].map((m) => m[1])).toEqual(all.slice(20, 40));
  });

  it("answers AccountInput's fetcher (the loader's data, single fetch) with the matches, not a redirect", async () => {
    const all = await accounts();
    const prefix = all[0]!.slice(0, 5);
    const answer = await fetch(`${stack.appUrl}/members.data?q=${prefix}&_routes=routes%2Fmembers._index`, { redirect: "manual" });
    expect(answer.status).toBe(200);
    const body = await answer.text();
    for (const account of all.filter((a) => a.startsWith(prefix)).slice(0, 20)) expect(body).toContain(account);
  });

  it("answers an upper-case prefix with a 301 to its lower-case spelling", async () => {
    const answer = await get(stack.appUrl, "/members?q=0xAB");
    expect([answer.status, answer.headers.get("location")]).toEqual([301, "/members?q=0xab"]);
  });

  it("answers 400 for an address longer than an address, saying what a prefix is", async () => {
    const page = await get(stack.appUrl, `/members?q=0x${"1".repeat(41)}`);
    expect(page.status).toBe(400);
    expect(errorOf(page)?.message).toContain("q must be the start of an address: 0x followed by up to 40 hex digits");
  });

  it.each(["n".repeat(51), "a\u0007b"])("answers 400 for q=%j, which cannot start a name", async (q) => {
    const page = await get(stack.appUrl, `/members?q=${encodeURIComponent(q)}`);
    expect(page.status).toBe(400);
    expect(errorOf(page)?.message).toContain("q must be the start of a name, at most 50 characters without control characters");
  });

  // Anything else is the start of a name (issue 28 item 4): searched among the names a stranger may see, none here.
  it.each(["abc", "0xg1", "0x12 34", "'; drop table members; --"])("searches q=%j as the start of a name", async (q) => {
    const page = await getCanonical(stack.appUrl, `/members?q=${encodeURIComponent(q)}`);
    expect(page.status).toBe(200);
    expect(decode(page.main)).toContain(`No name you may see starts with ${q.toLowerCase()}.`);
  });

  it("answers 400 for a bad cursor, and an empty form without q", async () => {
    const bad = await get(stack.appUrl, "/members?after=0x12&q=0x");
    expect(bad.status).toBe(400);
    expect(errorOf(bad)?.message).toContain("after must be 0x followed by 40 hex digits");
    const empty = await get(stack.appUrl, "/members");
    expect(empty.status).toBe(200);
    expect(empty.main).toContain("Type the start of a name, or of an address");
    const none = await get(stack.appUrl, "/members?q=0x00000000000000000000000000000000000dead0");
    expect(none.main).toContain("No member&#x27;s address starts with 0x00000000000000000000000000000000000dead0.");
  });
});
