/**
 * /me in the production server's HTML over the seeded demo read model, for each state an account
 * can be in: nobody signed in (401, saying to sign in), an account in no chapter (what next, never
 * a 404), an applicant (its application and recommenders), a chapter executive (chapter, roles,
 * votes awaiting, leaving), a single-role holder, a proposed party admin; never cached. And
 * /members/<unknown>: 404, "not a member", with the chapter list's link.
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { ADMIN } from "../../fixtures/accounts.js";
import { errorOf, getCanonical, hrefs, memberLinks, section, text, type Page } from "../../setup/html.js";
import { controlsOf, getAs, sessionFor } from "../../setup/session.js";
import { stack, usePagesStack } from "./pages-stack.js";

usePagesStack();

const me = async (address: string) => {
  const page = await getAs(stack.appUrl, "/me", await sessionFor(stack, address));
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).toBe("private, no-store");
  return page;
};
const one = async <T = { account: string }>(sql: string) => {
  const [row] = await stack.query<T>(sql);
  if (!row) throw new Error(`no demo row for ${sql}`);
  return row;
};
const said = (page: Page, heading: string) => text(section(page, heading));

it("answers 401 to a stranger, saying to sign in, and is linked from the header only when signed in", async () => {
  const page = await getAs(stack.appUrl, "/me");
  expect(page.status).toBe(401);
  expect(errorOf(page)).toEqual({
    status: 401,
    title: "401 · Sign in first",
    message: "Sign in (top right) to see your page: your chapter, your roles and what awaits your vote.",
  });
  const myPage = (p: Page) => hrefs(p.body, "/me").filter((href) => href === "/me");
  expect(myPage(page)).toEqual([]);
  expect(myPage(await me(privateKeyToAccount(generatePrivateKey()).address))).toEqual(["/me"]);
});

it("shows an account in no chapter what it can do next: the chapter list", async () => {
  const page = await me(privateKeyToAccount(generatePrivateKey()).address);
  expect(said(page, "What next")).toContain("You are not in a chapter. Pick one on the chapter list and apply there");
  expect(hrefs(section(page, "What next"), "/")).toEqual(["/"]);
  expect(said(page, "My application")).toContain("You have not applied to a chapter.");
  expect(said(page, "My roles")).toContain("No roles.");
  expect(controlsOf(page)).toEqual([]);
});

it("shows an applicant its pending application, its recommenders and where to look next", async () => {
  const views = stack.viewsSchema;
  const applicant = await one<{ account: string; chapterId: string; recommenders: string[] }>(
    `select a.account, a.chapter_id::text as "chapterId", a.recommenders from ${views}.applications a
     join ${views}.members m on m.pending_application_id = a.id
     where m.status <> 'member' and not m.party_member and cardinality(a.recommenders) > 0 order by a.account limit 1`,
  );
  const page = await me(applicant.account);
  expect(said(page, "What next")).toContain("Your application below awaits a decision");
  expect(said(page, "My application")).toContain(`To Chapter ${applicant.chapterId} at block`);
  expect(said(page, "My application")).toContain("awaiting a decision");
  expect(memberLinks(section(page, "My application")).sort()).toEqual([...applicant.recommenders].map((r) => r.toLowerCase()).sort());
  expect(controlsOf(page)).toEqual([]);
});

it("shows a chapter executive its chapter, roles, the evaluations awaiting its vote, and how to leave", async () => {
  const views = stack.viewsSchema;
  const executive = await one(`select account from ${views}.members where executive_of = 1 and not party_executive order by account limit 1`);
  const page = await me(executive.account);
  expect(text(page.main)).toContain("Chapter");
  expect(/<dd>([\s\S]*?)<\/dd>/.exec(page.main)?.[1]).toContain('href="/chapters/1"');
  expect(said(page, "My roles")).toContain("Chapter executive of Chapter 1");
  const { awaiting } = await one<{ awaiting: number }>(
    `select count(*)::int as awaiting from ${views}.evaluations e where e.chapter_id = 1
     and not exists (select 1 from ${views}.votes v where v.evaluation_id = e.id and v.voter = '${executive.account}')`,
  );
  expect([...section(page, "Evaluations awaiting my vote").matchAll(/data-evaluation="/g)].length).toBe(Math.min(awaiting, 20));
  expect(controlsOf(page)).toEqual(["leave-chapter", "leave-party"]);
  expect(page.main).not.toContain("What next");
});

it("lists the single-holder roles an account holds", async () => {
  const holder = await one<{ holder: string; roles: string[] }>(
    `select holder, array_agg(role order by role) as roles from ${stack.viewsSchema}.role_holders group by holder order by count(*) desc limit 1`,
  );
  const page = await me(holder.holder);
  const texts = { partyAdmin: "Party admin", chapterAdmin: "Chapter admin", evaluationMinter: "Evaluation minter", infoSender: "Info sender" };
  for (const role of holder.roles) expect(said(page, "My roles")).toContain(texts[role as keyof typeof texts]);
});

it("answers 404 for a well-formed address nobody knows: not a member, and the chapter list's link", async () => {
  const unknown = privateKeyToAccount(generatePrivateKey()).address;
  const page = await getCanonical(stack.appUrl, `/members/${unknown}`);
  expect(page.status).toBe(404);
  expect(errorOf(page)?.message).toBe(`No member or applicant with address ${unknown} is known`);
  const next = /<p class="not-a-member">([\s\S]*?)<\/p>/.exec(page.main)?.[1] ?? "";
  expect(text(next)).toContain("This address is not a member of the party");
  expect(hrefs(next, "/")).toEqual(["/"]);
});

it("tells a proposed party admin to accept the role on the party page", async () => {
  const proposed = privateKeyToAccount(generatePrivateKey()).address;
  await stack.send(ADMIN, "setPartyAdmin", [proposed]);
  await stack.waitForIndexer();
  const page = await me(proposed);
  expect(said(page, "My roles")).toContain("You are proposed as the next party admin: accept it on the party page.");
  expect(hrefs(section(page, "My roles"), "/party")).toEqual(["/party"]);
});
