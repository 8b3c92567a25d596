/**
 * Signed-in pages shared by a kind of viewer (server/viewer-pages.ts), on the production server
 * over the demo stack with names at every visibility: every kind of viewer is served exactly what
 * its own render shows (controls and names); viewers
 * of one kind share one render, which names none of them; a page that shows the viewer is its own;
 * mixed viewers on one page under load each get their own kind's page; the account cookie is set
 * by the server; a session that ends, or a viewer the chain changes, is seen at once.
 */
import { getAddress, parseEther, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { SHARED_VIEWER_ADDRESS } from "../../app/ground/shared-viewer.js";
import { ALICE } from "../fixtures/accounts.js";
import { get, type Page } from "../setup/html.js";
import { signedBody, tokenFrom, unsignedBody } from "../setup/identity.js";
import { controlsOf, demoAccount, getAs, sessionFor } from "../setup/session.js";
import { startStack, type Stack } from "../setup/stack.js";
import { until } from "../setup/until.js";

let stack: Stack;
type Who = "newcomer" | "otherNewcomer" | "applicant" | "member" | "otherMember" | "memberOfTwo" | "executive" | "partyExecutive";
const accounts = {} as Record<Who, Address>;
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  stack = await startStack();
  const one = async (where: string, offset = 0) => getAddress(await demoAccount(stack, where, offset));
  const plain = `m.executive_of is null and not m.party_executive and not exists (select 1 from ${stack.viewsSchema}.chapters c where c.central_committee_member = m.account)`;
  Object.assign(accounts, {
    newcomer: privateKeyToAccount(generatePrivateKey()).address,
    otherNewcomer: privateKeyToAccount(generatePrivateKey()).address,
    applicant: await one(`m.status <> 'member' and m.pending_application_id is not null`),
    member: await one(`m.chapter_id = 1 and m.status = 'member' and ${plain}`),
    otherMember: await one(`m.chapter_id = 1 and m.status = 'member' and ${plain}`, 1),
    memberOfTwo: await one(`m.chapter_id = 2 and m.status = 'member' and ${plain}`),
    executive: await one(`m.executive_of = 1 and not m.party_executive`),
    partyExecutive: await one(`m.party_executive`),
  });
  for (const who of Object.keys(accounts) as Who[]) tokens[who] = await sessionFor(stack, accounts[who]);
  // Names at every visibility on the accounts the pages show (chapters 1 and 2, their applicants
  // and executives, the party's executives), so each kind of viewer sees a different set of them.
  await stack.query(
    `insert into app.profiles (account, display_name, display_name_visibility, display_name_skeleton)
     select m.account, 'Name ' || row_number() over (order by m.account),
       (array['self', 'executives', 'chapter', 'members', 'everyone'])[1 + (row_number() over (order by m.account)) % 5],
       'name ' || row_number() over (order by m.account)
     from ${stack.viewsSchema}.members m
     left join ${stack.viewsSchema}.applications a on a.id = m.pending_application_id
     where m.chapter_id in (1, 2) or a.chapter_id in (1, 2) or m.party_executive
     on conflict (account) do nothing`,
  );
  // The names' page changes reach the server before any page is asked for (a render racing them is not kept).
  await stack.waitForPageCache();
}, 240_000);
afterAll(() => stack?.stop());

const VIEWERS = ["newcomer", "applicant", "member", "memberOfTwo", "executive", "partyExecutive"] as const;
const pages = () => ["/", "/chapters/1", "/chapters/1/applications", "/chapters/2", "/party", "/evaluations", "/evaluations/1", "/info", `/members/${accounts.memberOfTwo.toLowerCase()}`];

/** The viewer's own render: its session without the account cookie is never answered from a shared page. */
const own = (who: Who, path: string) => get(stack.appUrl, path, { cookie: `__Host-session=${tokens[who]}` });
/** As a browser asks: the session and the account cookie. */
const shared = (who: Who, path: string) => getAs(stack.appUrl, path, tokens[who]);
const mentions = (page: Page, address: string) => page.body.toLowerCase().includes(address.toLowerCase());

it("serves every kind of viewer exactly what its own render shows, and the page names none of them", async () => {
  for (const path of pages()) {
    for (const who of VIEWERS) {
      const mine = await own(who, path);
      const first = await shared(who, path);
      const again = await shared(who, path);
      expect([path, who, mine.status, first.status, again.status]).toEqual([path, who, 200, 200, 200]);
      expect([path, who, first.main]).toEqual([path, who, mine.main]);
      expect([path, who, again.main]).toEqual([path, who, mine.main]);
      // From the cache (its kind's page, or its own kept for it alone), and never for another cache to keep.
      if (again.headers.get("x-cache") === "hit") expect(again.headers.get("cache-control")).toBe("private, no-cache");
    }
  }
});

it("renders a page once for viewers of one kind: the second newcomer is served the first one's render", async () => {
  const first = await shared("newcomer", "/chapters/3");
  const second = await shared("otherNewcomer", "/chapters/3");
  expect([first.status, second.status, second.headers.get("x-cache")]).toEqual([200, 200, "hit"]);
  expect(second.body).toBe(first.body);
  // Its session known now, the viewer is answered on the fast path, before any framework (the
  // entry's headers and the private ones, nothing appended on the way).
  const third = await shared("otherNewcomer", "/chapters/3");
  expect([third.body, third.headers.get("vary"), third.headers.get("cache-control")]).toEqual([first.body, "Accept-Encoding, Cookie, Accept-Language", "private, no-cache"]);
  for (const who of ["newcomer", "otherNewcomer"] as const) expect(mentions(second, accounts[who])).toBe(false);
  // The placeholder is in the page's data, once, and nowhere the page shows.
  expect(second.body.split(SHARED_VIEWER_ADDRESS).length - 1).toBeLessThanOrEqual(1);
  expect(second.main).not.toContain(SHARED_VIEWER_ADDRESS);
  expect(second.body).toContain('href="/me"');
});

it("answers a viewer from its own render (kept for it alone) on a page that shows it, and shares that page with the others of its kind", async () => {
  const path = `/members/${accounts.member.toLowerCase()}`;
  const expected = (await own("member", path)).main;
  // Its own render, kept for it alone: rendered once, then served again.
  const mine = [await shared("member", path), await shared("member", path), await shared("member", path)];
  expect(mine.map((p) => [p.status, p.main === expected])).toEqual([[200, true], [200, true], [200, true]]);
  expect(mine.at(-1)!.headers.get("x-cache")).toBe("hit");
  // Another member of the chapter that the page does not show gets its kind's page, rendered once
  // and kept for the others of that kind; never the member's own.
  const shown = (await get(stack.appUrl, path)).body.toLowerCase();
  const [other] = (
    await stack.query<{ account: string }>(
      `select account from ${stack.viewsSchema}.members m where m.chapter_id = 1 and m.status = 'member' and m.executive_of is null and not m.party_executive
         and not exists (select 1 from ${stack.viewsSchema}.chapters c where c.central_committee_member = m.account) order by account`,
    )
  ).filter((r) => r.account !== accounts.member.toLowerCase() && !shown.includes(r.account));
  const token = await sessionFor(stack, other!.account);
  await getAs(stack.appUrl, path, token);
  const theirs = await getAs(stack.appUrl, path, token);
  expect([theirs.status, theirs.headers.get("x-cache")]).toEqual([200, "hit"]);
  expect(mentions(theirs, other!.account)).toBe(false);
  expect(theirs.main).toBe((await get(stack.appUrl, path, { cookie: `__Host-session=${token}` })).main);
});

it("gives each of many viewers of every kind on one page, at once, its own kind's controls", async () => {
  const paths = ["/chapters/1", "/chapters/1/applications", "/chapters/2"];
  const expected = new Map<string, string[]>();
  for (const path of paths) for (const who of VIEWERS) expected.set(`${who} ${path}`, controlsOf(await own(who, path)));
  // Each kind of viewer's controls differ somewhere, or this would prove nothing.
  expect(new Set(VIEWERS.map((who) => JSON.stringify(paths.map((p) => expected.get(`${who} ${p}`))))).size).toBeGreaterThanOrEqual(4);
  const asked = Array.from({ length: 240 }, (_, i) => ({ who: VIEWERS[i % VIEWERS.length]!, path: paths[Math.floor(i / VIEWERS.length) % paths.length]! }));
  const answers = await Promise.all(asked.map(async ({ who, path }) => ({ who, path, page: await shared(who, path) })));
  for (const { who, path, page } of answers) {
    expect([who, path, page.status, controlsOf(page)]).toEqual([who, path, 200, expected.get(`${who} ${path}`)]);
  }
  expect(answers.some(({ page }) => page.headers.get("x-cache") === "hit")).toBe(true);
});

it("sets the account cookie on the viewer's own render when it is missing or names another account", async () => {
  const missing = await own("member", "/party");
  expect(missing.headers.get("set-cookie")).toMatch(new RegExp(`^account=${accounts.member}; Max-Age=\\d+; Path=/; Secure; SameSite=Lax$`));
  const wrong = await get(stack.appUrl, "/party", { cookie: `__Host-session=${tokens.member}; account=${accounts.executive}` });
  expect([wrong.headers.get("x-cache"), wrong.headers.get("set-cookie")?.split(";")[0]]).toEqual([null, `account=${accounts.member}`]);
  // A session that is not live: the account cookie goes.
  const gone = await get(stack.appUrl, "/party", { cookie: `__Host-session=${"x".repeat(43)}; account=${accounts.member}` });
  expect(gone.headers.get("set-cookie")).toMatch(/^account=; Max-Age=0;/);
  expect(gone.body).not.toContain('href="/me"');
});

it("no longer serves a session as signed in once it is logged out", async () => {
  const { body } = await signedBody(stack.address, ALICE, "log_in");
  const started = await fetch(`${stack.appUrl}/api/command`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(started.status).toBe(200);
  const cookie = `__Host-session=${tokenFrom(started.headers.get("set-cookie"))}; account=${ALICE.address}`;
  for (let i = 0; i < 2; i++) expect((await get(stack.appUrl, "/info", { cookie })).body).toContain('href="/me"');
  const out = await fetch(`${stack.appUrl}/api/command`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(unsignedBody(ALICE.address, "log_out")) });
  expect(out.status).toBe(200);
  // Within the server's poll of the read model's changes (250 ms), not the minute a viewer is kept.
  await until(() => get(stack.appUrl, "/info", { cookie }), (page) => !page.body.includes('href="/me"'), "the logged-out session served signed out", 5_000);
});

it("shows a viewer what the chain made it as soon as the page shows the event: an applicant is no longer offered Apply", async () => {
  const key = generatePrivateKey();
  const applicant = privateKeyToAccount(key);
  const token = await sessionFor(stack, applicant.address);
  const page = () => getAs(stack.appUrl, "/chapters/3", token);
  expect(controlsOf(await page())).toContain("apply");
  expect(controlsOf(await page())).toContain("apply");
  await stack.testClient.setBalance({ address: applicant.address, value: parseEther("1") });
  await stack.send(applicant, "applyForChapterMembership", [3n]);
  await stack.waitForIndexer();
  const after = await until(page, (p) => !controlsOf(p).includes("apply"), "the applicant's page without Apply", 5_000);
  expect(after.main).toBe((await get(stack.appUrl, "/chapters/3", { cookie: `__Host-session=${token}` })).main);
});
