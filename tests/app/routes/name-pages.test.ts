/**
 * Names where addresses are (issue 28 item 3; docs/decisions/0015), viewers × visibilities, in the
 * production server's answers over the seeded demo read model, through its page cache: for each
 * visibility of a member's name, from the widest to the narrowest, a stranger, a member of another
 * chapter, a member of the chapter, its executive, a party executive and the member itself each
 * find the name on exactly the routes the owner allowed them: the chapter page (HTML and its
 * `.data`), the roster CSV, the member page (HTML and `.data`) and the search by name. Each change
 * comes after every viewer's renders of the wider one, so a page the cache kept with the name
 * must be dropped by the profile's change.
 */
import { demoAccount, getAs, sessionFor } from "../../setup/session.js";
import { stack, usePagesStack } from "./pages-stack.js";

usePagesStack();

type Who = "stranger" | "otherMember" | "member" | "executive" | "partyExecutive" | "owner";
const tokens = new Map<Who, string | undefined>();
const NAME = "Qwv Owner";
let owner: string;
let chapterId: string;

beforeAll(async () => {
  const v = stack.viewsSchema;
  const one = (where: string) => demoAccount(stack, where);
  // A chapter with an executive of its own; its first member by address (on its page's first page) owns the name.
  const [chapter] = await stack.query<{ id: string }>(
    `select e.executive_of::text as id from ${v}.members e where e.executive_of is not null and not e.party_executive
     and (select count(*) from ${v}.members m where m.chapter_id = e.executive_of and m.status = 'member' and m.executive_of is null and not m.party_executive) >= 2
     order by e.executive_of limit 1`,
  );
  chapterId = chapter!.id;
  const plainMember = `m.chapter_id = ${chapterId} and m.status = 'member' and m.executive_of is null and not m.party_executive`;
  owner = await one(plainMember);
  const accounts: Record<Exclude<Who, "stranger">, string> = {
    otherMember: await one(`m.status = 'member' and m.chapter_id <> ${chapterId} and m.executive_of is null and not m.party_executive`),
    member: await one(`${plainMember} and m.account <> '${owner}'`),
    executive: await one(`m.executive_of = ${chapterId} and not m.party_executive`),
    partyExecutive: await one(`m.party_executive`),
    owner,
  };
  tokens.set("stranger", undefined);
  for (const [who, account] of Object.entries(accounts)) tokens.set(who as Who, await sessionFor(stack, account));
});

const routes = () => ({
  chapter: `/chapters/${chapterId}`,
  chapterData: `/chapters/${chapterId}.data`,
  roster: `/chapters/${chapterId}/roster.csv`,
  member: `/members/${owner}`,
  memberData: `/members/${owner}.data`,
  search: `/members?q=qwv`,
});

/** The viewers who find the name on `path`. */
async function readers(path: string) {
  const seen: Who[] = [];
  for (const who of tokens.keys()) {
    const page = await getAs(stack.appUrl, path, tokens.get(who));
    expect([who, path, page.status]).toEqual([who, path, 200]);
    if (page.body.includes(NAME)) seen.push(who);
  }
  return seen;
}

const ALL: Who[] = ["stranger", "otherMember", "member", "executive", "partyExecutive", "owner"];
const CASES = [
  { visibility: "everyone", seen: ALL },
  { visibility: "members", seen: ["otherMember", "member", "executive", "partyExecutive", "owner"] },
  { visibility: "chapter", seen: ["member", "executive", "partyExecutive", "owner"] },
  { visibility: "executives", seen: ["executive", "partyExecutive", "owner"] },
  { visibility: "self", seen: ["owner"] },
] as const;

it.each(CASES)("a name visible to $visibility: exactly its audience finds it, on every route, whatever the cache held", async ({ visibility, seen }) => {
  await stack.query(
    `insert into app.profiles (account, display_name, display_name_visibility) values ($1, $2, $3)
     on conflict (account) do update set display_name = $2, display_name_visibility = $3, updated_at = now()`,
    [owner.toLowerCase(), NAME, visibility],
  );
  await stack.waitForPageCache();
  for (const path of Object.values(routes())) {
    // The search shows a name only beside a match, and finds only names its viewer may see.
    expect([path, await readers(path)]).toEqual([path, seen]);
  }
  // The stranger again, after every signed-in render: the anonymous cache never carries a narrower name.
  for (const path of Object.values(routes())) {
    expect([path, (await getAs(stack.appUrl, path)).body.includes(NAME)]).toEqual([path, visibility === "everyone"]);
  }
});

it("the name is beside the address, never instead of it", async () => {
  await stack.query(`update app.profiles set display_name_visibility = 'everyone' where account = $1`, [owner.toLowerCase()]);
  await stack.waitForPageCache();
  const page = await getAs(stack.appUrl, routes().chapter);
  const link = new RegExp(`<a href="/members/${owner.toLowerCase()}"[^>]*class="account"[^>]*><bdi class="name">${NAME}</bdi> <span class="address">0x`, "i");
  expect(page.main).toMatch(link);
});
