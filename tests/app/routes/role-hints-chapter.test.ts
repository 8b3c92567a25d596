/**
 * Which controls the chapter page and its review queue offer to whom, in the production server's
 * HTML over the seeded demo read model (hints only: the contract decides). A stranger gets none;
 * a plain member of chapter 1 recommends; its executive also decides (a checkbox per row, one
 * decision for the selected) and removes members (not itself); an account in no chapter and with
 * no application may apply, an applicant may not.
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { getCanonical } from "../../setup/html.js";
import { controlsOf, demoAccount, getAs, sessionFor } from "../../setup/session.js";
import { stack, usePagesStack } from "./pages-stack.js";

usePagesStack();

type Who = "stranger" | "member" | "executive" | "newcomer" | "applicant";
const tokens = new Map<Who, string | undefined>();
let executive: string;

beforeAll(async () => {
  const one = (where: string) => demoAccount(stack, where);
  const notOnCommittee = `not exists (select 1 from ${stack.viewsSchema}.chapters c where c.central_committee_member = m.account)`;
  executive = await one(`m.executive_of = 1 and not m.party_executive`);
  const accounts: Record<Exclude<Who, "stranger">, string> = {
    member: await one(`m.chapter_id = 1 and m.status = 'member' and m.executive_of is null and not m.party_executive and ${notOnCommittee}`),
    executive,
    newcomer: privateKeyToAccount(generatePrivateKey()).address,
    applicant: await one(`m.status <> 'member' and m.pending_application_id is not null`),
  };
  tokens.set("stranger", undefined);
  for (const [who, account] of Object.entries(accounts)) tokens.set(who as Who, await sessionFor(stack, account));
});

const pageFor = async (who: Who, path: string) => {
  const page = await getAs(stack.appUrl, path, tokens.get(who));
  expect([who, path, page.status]).toEqual([who, path, 200]);
  return page;
};
const checkboxes = (main: string) => [...main.matchAll(/<input type="checkbox" name="selected-applicant"/g)].length;

describe("the review queue of chapter 1", () => {
  it("has pending applications to decide (the demo data)", async () => {
    const page = await getCanonical(stack.appUrl, "/chapters/1/applications");
    expect(page.main).toContain("data-applicant=");
  });

  it("shows a stranger, a newcomer and an applicant no control", async () => {
    for (const who of ["stranger", "newcomer", "applicant"] as const) {
      const page = await pageFor(who, "/chapters/1/applications");
      expect([who, controlsOf(page), checkboxes(page.main)]).toEqual([who, [], 0]);
    }
  });

  it("lets a plain member of the chapter recommend, and decide nothing", async () => {
    const page = await pageFor("member", "/chapters/1/applications");
    expect(controlsOf(page)).toEqual(["recommend"]);
    expect(checkboxes(page.main)).toBe(0);
  });

  it("lets the chapter's executive select rows and decide them in one operation, decide one, or recommend", async () => {
    const page = await pageFor("executive", "/chapters/1/applications");
    expect(controlsOf(page)).toEqual(["decide", "decide-selected", "recommend"]);
    const rows = [...page.main.matchAll(/<tr data-applicant="/g)].length;
    expect(checkboxes(page.main)).toBe(rows);
  });

  it("offers the executive of chapter 1 no decision on another chapter's queue", async () => {
    const page = await pageFor("executive", "/chapters/2/applications");
    expect(controlsOf(page)).not.toContain("decide");
    expect(checkboxes(page.main)).toBe(0);
  });
});

describe("the page of chapter 1", () => {
  const removeButtons = (main: string) => [...main.matchAll(/data-controls="remove"/g)].length;

  it("shows a stranger no control", async () => {
    const page = await pageFor("stranger", "/chapters/1");
    expect(controlsOf(page)).toEqual([]);
  });

  it("lets an account in no chapter, with no application, apply; an applicant not", async () => {
    expect(controlsOf(await pageFor("newcomer", "/chapters/1"))).toEqual(["apply"]);
    expect(controlsOf(await pageFor("applicant", "/chapters/1"))).toEqual([]);
  });

  it("lets a plain member recommend, and neither apply nor remove", async () => {
    const page = await pageFor("member", "/chapters/1");
    expect(controlsOf(page)).toEqual(["recommend"]);
    expect(page.main).not.toContain("<th>Remove</th>");
  });

  it("lets the chapter's executive remove every member but itself", async () => {
    const page = await pageFor("executive", "/chapters/1");
    // A chapter social-account verification too (app/components/roles/chapter-executive/section.tsx).
    expect(controlsOf(page)).toEqual(["recommend", "remove", "social-verification"]);
    expect(page.main).toContain("<th>Remove</th>");
    const rows = (/<h2>Members<\/h2>[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(page.main)?.[1] ?? "").match(/<tr/g)?.length ?? 0;
    const ownRow = new RegExp(`title="${executive}"`).test(page.main.split("<h2>Members</h2>")[1]!.split("</table>")[0]!);
    expect(removeButtons(page.main)).toBe(rows - (ownRow ? 1 : 0));
    expect(rows).toBeGreaterThan(1);
  });

  it("offers the executive of chapter 1 no Remove on chapter 2", async () => {
    const page = await pageFor("executive", "/chapters/2");
    expect(controlsOf(page)).toEqual([]);
  });
});

describe("no cache between the server and the browser hands one viewer's page to another", () => {
  it("a page rendered for a session is private, and every page varies by Cookie", async () => {
    const mine = await pageFor("executive", "/chapters/1");
    expect(mine.headers.get("cache-control")).toBe("private, no-cache");
    expect(mine.headers.get("vary")).toMatch(/\bCookie\b/);
    const anyone = await pageFor("stranger", "/chapters/1");
    expect(anyone.headers.get("cache-control")).toBe("no-cache");
    expect(anyone.headers.get("vary")).toMatch(/\bCookie\b/);
  });
});
