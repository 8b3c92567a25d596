/**
 * Who reads an application's statement (issue 28 item 1; docs/decisions/0015), in the production
 * server's HTML over the seeded demo read model, through its page cache: the review queue and the
 * applicant's member page show it to the chapter's executives, party executives and (its member
 * page) the applicant, and to nobody else — not a stranger, whatever was rendered before, not a
 * member of the chapter, not another chapter's executive. A draft (no application after it) is
 * shown to nobody but on its author's /me. A statement written drops the cached pages that show it.
 */
import { demoAccount, getAs, sessionFor } from "../../setup/session.js";
import { stack, usePagesStack } from "./pages-stack.js";

usePagesStack();

type Who = "stranger" | "member" | "executive" | "otherExecutive" | "partyExecutive" | "applicant";
const tokens = new Map<Who, string | undefined>();
const MARK = "Zyx statement of the applicant";
let applicant: string;
let chapterId: string;

beforeAll(async () => {
  const v = stack.viewsSchema;
  const one = (where: string) => demoAccount(stack, where);
  // A pending applicant of a chapter that has an executive of its own, and another chapter's.
  const [row] = await stack.query<{ account: string; chapter: string }>(
    `select a.account, a.chapter_id::text as chapter from ${v}.applications a join ${v}.members m on m.pending_application_id = a.id
     where exists (select 1 from ${v}.members e where e.executive_of = a.chapter_id and not e.party_executive) order by a.applied_block limit 1`,
  );
  ({ account: applicant, chapter: chapterId } = row!);
  const accounts: Record<Exclude<Who, "stranger">, string> = {
    member: await one(`m.chapter_id = ${chapterId} and m.status = 'member' and m.executive_of is null and not m.party_executive`),
    executive: await one(`m.executive_of = ${chapterId} and not m.party_executive`),
    otherExecutive: await one(`m.executive_of <> ${chapterId} and not m.party_executive`),
    partyExecutive: await one(`m.party_executive`),
    applicant,
  };
  tokens.set("stranger", undefined);
  for (const [who, account] of Object.entries(accounts)) tokens.set(who as Who, await sessionFor(stack, account));
});

const shows = async (who: Who, path: string) => {
  const page = await getAs(stack.appUrl, path, tokens.get(who));
  expect([who, path, page.status]).toEqual([who, path, 200]);
  return page.main.includes(MARK);
};
const queue = () => `/chapters/${chapterId}/applications`;
const memberPage = () => `/members/${applicant}`;
const readers = async (path: string) => {
  const seen: Who[] = [];
  for (const who of tokens.keys()) if (await shows(who, path)) seen.push(who);
  return seen;
};

it("a draft shows nowhere but its author's /me", async () => {
  // Written after the application it waits on: it belongs to the next one.
  await stack.query(
    `insert into app.application_statements (account, chapter_id, statement, after_application)
     select account, chapter_id, $2, id from ${stack.viewsSchema}.applications where id = (select pending_application_id from ${stack.viewsSchema}.members where account = $1)`,
    [applicant, MARK],
  );
  await stack.waitForPageCache();
  expect(await readers(queue())).toEqual([]);
  expect(await readers(memberPage())).toEqual([]);
  expect(await shows("applicant", "/me")).toBe(true);
});

it("once its application is there: the chapter's executives, party executives and the applicant, nobody else, whatever the cache holds", async () => {
  // Both pages are in the cache now, rendered for a stranger: the statement's change drops them.
  await stack.query(`update app.application_statements set after_application = null where account = $1`, [applicant]);
  await stack.waitForPageCache();
  expect(await shows("stranger", queue())).toBe(false);
  expect(await readers(queue())).toEqual(["executive", "partyExecutive"]);
  expect(await readers(memberPage())).toEqual(["executive", "partyExecutive", "applicant"]);
  // Asked again after the executives' renders.
  expect(await shows("stranger", queue())).toBe(false);
  expect(await shows("stranger", memberPage())).toBe(false);
  expect(await shows("member", queue())).toBe(false);
});
