/**
 * Every page of the production server over the seeded demo read model, cross-checked against the
 * chain (contract getters and events) and the read model; every failure path (400, 404, 503).
 */
import { randomBytes } from "node:crypto";
import { createWalletClient, getAddress, http, parseEther, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { partyAbi } from "../../../abis/party.js";
import { buildDemoPlan } from "../../../scripts/lib/demo-data/plan.js";
import { readDemoSummary } from "../../../scripts/lib/demo-data/summary.js";
import { startAppServer, type AppServer } from "../../setup/app-server.js";
import { READ_MODEL_TABLES } from "../../setup/read-model.js";
import { startStack, TEST_IPFS_GATEWAY, type Stack } from "../../setup/stack.js";
import { chainFacts, lower, type ChainFacts } from "../../setup/chain-facts.js";
import {
  errorOf,
  facts,
  get,
  h1,
  hrefs,
  indexerStatus,
  leaksInternals,
  memberLinks,
  nextPage,
  section,
  short,
  tableRows,
  text,
  type Page,
} from "../../setup/html.js";
import { startTcpProxy, viaProxy } from "../../setup/tcp-proxy.js";

let stack: Stack;
let chain: ChainFacts;
let indexedAtStart: bigint;

beforeAll(async () => {
  stack = await startStack();
  chain = chainFacts(stack);
  indexedAtStart = await stack.publicClient.getBlockNumber({ cacheTime: 0 });
});
afterAll(() => stack?.stop());

/** A page that must answer 200 with the indexer's state in the status bar and nothing internal. */
async function page(path: string, base = stack.appUrl): Promise<Page> {
  const result = await get(base, path);
  expect(result.status, `${path}: ${errorOf(result)?.message}`).toBe(200);
  expect(leaksInternals(result.body), path).toBe(false);
  await expectIndexerStatus(result);
  return result;
}

async function expectIndexerStatus(result: Page) {
  const status = indexerStatus(result);
  expect(status, "status bar").not.toBeNull();
  expect(BigInt(status!.block)).toBeGreaterThanOrEqual(indexedAtStart);
  expect(BigInt(status!.block)).toBeLessThanOrEqual(await stack.publicClient.getBlockNumber({ cacheTime: 0 }));
  expect(status!.secondsBehind).toBeLessThan(60);
}

const applicants = (p: Page) => [...p.main.matchAll(/<tr data-applicant="([^"]*)"/g)].map((m) => m[1]);
const rowsOf = (p: Page, heading?: string) => tableRows(heading ? section(p, heading) : p.main);

/** The key with the most items, and its items. */
function mostBy<T>(items: T[], key: (item: T) => Address): [Address, T[]] {
  const groups = new Map<Address, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups].reduce((a, b) => (b[1].length > a[1].length ? b : a));
}

describe("chapters", () => {
  it("/ lists every chapter, and the map has one link per chapter at its position", async () => {
    const chapters = await chain.chapters();
    const home = await page("/");
    expect(h1(home)).toBe("Chapters");
    expect(text(home.main)).toContain(`${chapters.length} chapters`);
    expect(rowsOf(home)).toEqual(chapters.map((c) => [c.id, c.name, String(c.memberCount), `${c.x}, ${c.y}`]));

    const map = /<svg class="map"[\s\S]*?<\/svg>/.exec(home.main)![0];
    const links = [...map.matchAll(/<a ([^>]*)><circle ([^>]*)>/g)].map(([, a, circle]) => ({
      label: /aria-label="([^"]*)"/.exec(a!)![1],
      href: /href="([^"]*)"/.exec(a!)![1],
      cx: Number(/cx="(\d+)"/.exec(circle!)![1]),
      cy: Number(/cy="(\d+)"/.exec(circle!)![1]),
    }));
    // y grows upwards on the map, downwards in SVG.
    expect(links).toEqual(chapters.map((c) => ({ label: c.name, href: `/chapters/${c.id}`, cx: c.x, cy: 65535 - c.y })));
  });

  it("/?q= filters by location text (any case) and by id, highlighting the matches on the map", async () => {
    const chapters = await chain.chapters();
    for (const q of ["lin", "NEW YORK", "an", "7", "zzz"]) {
      const expected = chapters.filter((c) => c.id === q || c.name.toLowerCase().includes(q.toLowerCase()));
      const result = await page(`/?q=${encodeURIComponent(q)}`);
      expect(
        rowsOf(result).map(([id]) => id),
        q
      ).toEqual(expected.map((c) => c.id));
      expect(text(result.main)).toContain(`${expected.length} chapter${expected.length === 1 ? "" : "s"} matching "${q}"`);
      const highlighted = [...result.main.matchAll(/data-chapter-id="(\d+)"[^>]*><circle [^>]*class="highlight"/g)].map((m) => m[1]);
      expect(highlighted, q).toEqual(expected.map((c) => c.id));
      expect(hrefs(/<svg[\s\S]*?<\/svg>/.exec(result.main)![0], "/chapters/")).toHaveLength(chapters.length);
    }
    // "an" matches several chapters.
    expect(chapters.filter((c) => c.name.toLowerCase().includes("an")).length).toBeGreaterThan(1);
  });

  it("/ pages with ?limit and ?after", async () => {
    const first = await page("/?limit=5");
    expect(rowsOf(first).map(([id]) => id)).toEqual(["1", "2", "3", "4", "5"]);
    expect(Object.fromEntries(nextPage(first)!)).toEqual({ limit: "5", after: "5" });
    const second = await page(`/?${nextPage(first)}`);
    expect(rowsOf(second).map(([id]) => id)).toEqual(["6", "7", "8", "9", "10"]);
    const last = await page(`/?${nextPage(second)}`);
    expect(rowsOf(last).map(([id]) => id)).toEqual(["11", "12", "13", "14", "15"]);
    expect(nextPage(last)).toBeNull();
    // The filter is kept on the next page.
    const filtered = await page("/?q=a&limit=2");
    expect(nextPage(filtered)!.get("q")).toBe("a");
    expect(rowsOf(await page(`/?${nextPage(filtered)}`)).every(([, name]) => name!.toLowerCase().includes("a"))).toBe(true);
  });

  it("/chapters/:id shows location, position, member count and central committee member of every chapter", async () => {
    for (const c of await chain.chapters()) {
      const result = await page(`/chapters/${c.id}`);
      expect(h1(result)).toBe(c.name);
      const f = facts(result);
      expect(f).toMatchObject({ "Chapter id": c.id, Location: c.name, "Map position": `${c.x}, ${c.y}`, Members: String(c.memberCount) });
      expect(f["Central committee"]).toBe(short(c.centralCommittee));
      expect(hrefs(result.main, "/members/")).toContain(`/members/${c.centralCommittee}`);
      expect(memberLinks(section(result, "Members"))).toEqual(await chain.membersOf(BigInt(c.id)));
    }
  });

  it("/chapters/1 shows executives, pending applications with recommenders, evaluations and activity", async () => {
    const result = await page("/chapters/1");
    const executives = await chain.executivesOf(1n);
    expect(executives.length).toBeGreaterThan(0);
    expect(text(section(result, "Executives"))).toMatch(new RegExp(`^Executives \\(${executives.length}\\)`));
    expect(memberLinks(section(result, "Executives"))).toEqual(executives);
    const roles = new Map(rowsOf(result, "Members").map(([account, , role]) => [account, role]));
    for (const e of executives) expect(roles.get(short(e))).toBe("executive");

    const pending = await chain.pendingApplications(1n);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.some((p) => p.recommenders.length > 0)).toBe(true);
    const applications = section(result, "Pending applications");
    expect(text(applications)).toContain(`Pending applications (${pending.length})`);
    const shown = [...applications.matchAll(/<tr data-applicant="([^"]*)">([\s\S]*?)<\/tr>/g)].map(([, account, row]) => ({
      account,
      recommenders: memberLinks(/<td>(?:(?!<td>)[\s\S])*$/.exec(row!)![0]).sort(),
    }));
    // The chapter page shows the first 20 (models/chapters.server.ts, CHAPTER_PAGE_PENDING); the review queue all.
    expect(shown).toEqual(pending.slice(0, 20).map((p) => ({ account: p.account, recommenders: p.recommenders })));
    expect(text(applications).includes(`The first 20 of ${pending.length}: all of them in the review queue`)).toBe(pending.length > 20);

    const evaluations = [];
    for (let id = await chain.evaluationCount(); id >= 1; id--) {
      const e = await chain.evaluation(BigInt(id));
      if (e.chapterId === "1") evaluations.push(`Evaluation ${e.id}: ${e.votes.size} votes, mean ${e.mean}`);
    }
    expect(evaluations.length).toBeGreaterThan(0);
    // The latest 10 (CHAPTER_PAGE_EVALUATIONS), and a link to all of them when there are more.
    const evaluationSection = section(result, "Evaluations");
    expect([...evaluationSection.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!))).toEqual(evaluations.slice(0, 10));
    expect(hrefs(evaluationSection, "/evaluations?").includes("/evaluations?chapter=1")).toBe(evaluations.length > 10);

    const activity = await stack.query<{ block: string; kind: string }>(
      `select block_number::text as block, kind from ${stack.viewsSchema}.activity where chapter_id = 1 order by sort_key desc limit 10`
    );
    expect(rowsOf(result, "Recent activity").map(([block, , kind]) => [block, kind!.replace(/ #\d+$/, "")])).toEqual(
      activity.map((a) => [a.block, a.kind])
    );
  });

  it("/chapters/:id pages members with ?after: sorted pages, no overlap, all members", async () => {
    const members = await chain.membersOf(1n);
    const seen: string[] = [];
    let query = "limit=4";
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(10);
      const result = await page(`/chapters/1?${query}`);
      const chunk = memberLinks(section(result, "Members"));
      expect(chunk.length).toBeLessThanOrEqual(4);
      expect([...chunk].sort()).toEqual(chunk);
      seen.push(...chunk);
      const next = nextPage(result);
      if (!next) break;
      expect(Object.fromEntries(next)).toEqual({ limit: "4", after: chunk.at(-1) });
      query = String(next);
    }
    expect(seen).toEqual(members);
    // A checksummed cursor means the same place.
    const lowerPage = memberLinks(section(await page(`/chapters/1?limit=4&after=${members[3]}`), "Members"));
    expect(memberLinks(section(await page(`/chapters/1?limit=4&after=${getAddress(members[3]!)}`), "Members"))).toEqual(lowerPage);
  });

  it("/chapters/:id/applications is the review queue, oldest first, paged with ?after=<block>:<id>", async () => {
    const chapters = await chain.chapters();
    const queues = await Promise.all(chapters.map(async (c) => ({ c, pending: await chain.pendingApplications(BigInt(c.id)) })));
    const { c, pending } = queues.reduce((a, b) => (b.pending.length > a.pending.length ? b : a));
    expect(pending.length).toBeGreaterThan(1);

    const full = await page(`/chapters/${c.id}/applications`);
    expect(h1(full)).toBe(`Review queue · ${c.name}`);
    expect(applicants(full)).toEqual(pending.map((p) => p.account));
    expect(rowsOf(full).map(([, applied]) => applied!.split(",")[0])).toEqual(pending.map((p) => `block ${p.block}`));

    const seen: string[] = [];
    let query = "limit=1";
    for (let i = 0; i <= pending.length; i++) {
      const result = await page(`/chapters/${c.id}/applications?${query}`);
      seen.push(...applicants(result));
      const next = nextPage(result);
      if (!next) break;
      expect(next.get("after")).toMatch(/^\d+:\d+-\d+$/);
      expect(next.get("limit")).toBe("1");
      query = String(next);
    }
    expect(seen).toEqual(pending.map((p) => p.account));
  });
});

describe("members", () => {
  const plan = buildDemoPlan();
  const memberPage = (account: string) => page(`/members/${account}`);
  const roles = (p: Page) =>
    [...(/<ul class="roles">([\s\S]*?)<\/ul>/.exec(p.main)?.[1] ?? "").matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!));
  const items = (p: Page, heading: string) => [...section(p, heading).matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);

  it("shows a linked Telegram username only when the member chose to show it", async () => {
    const executive = getAddress((await chain.executivesOf(1n))[0]!);
    await stack.query(
      `insert into app.telegram_links (address, telegram_id, username, auth_date, visible) values ($1, 4242, 'party_exec', 1, false)`,
      [executive],
    );
    // The page cache moves on with the app's tables too (within its 250 ms poll).
    await stack.waitForPageCache();
    expect(facts(await memberPage(executive))).not.toHaveProperty("Telegram");
    await stack.query(`update app.telegram_links set visible = true where address = $1`, [executive]);
    await stack.waitForPageCache();
    expect(facts(await memberPage(executive))).toMatchObject({ Telegram: "@party_exec" });
    await stack.query(`delete from app.telegram_links where address = $1`, [executive]);
    await stack.waitForPageCache();
    expect(facts(await memberPage(executive))).not.toHaveProperty("Telegram");
  });

  it("shows chapter, status and roles as on chain", async () => {
    const chapters = await chain.chapters();
    const executive = (await chain.executivesOf(1n))[0]!;
    const exec = await memberPage(executive);
    expect(h1(exec)).toBe(executive);
    expect(facts(exec)).toMatchObject({ Chapter: `${chapters[0]!.name} (member)`, "Party member": "yes" });
    expect(roles(exec)).toContain("Chapter executive of Chapter 1");

    const partyExecutive = (await chain.partyExecutives())[0]!;
    expect(roles(await memberPage(partyExecutive))).toContain("Party executive");

    const committee = chapters[0]!.centralCommittee;
    expect(roles(await memberPage(committee))).toContain("Central committee member for Chapter 1");

    const left = lower((await chain.events("LeftChapter"))[0]!.args.account!);
    expect(facts(await memberPage(left)).Chapter).toMatch(/\(left\)$/);
    const removed = lower((await chain.events("RemovedFromChapter"))[0]!.args.account!);
    expect(facts(await memberPage(removed)).Chapter).toMatch(/\(removed\)$/);

    const partyOnly = plan.partyOnlyBatches[0]!.accounts[0]!.address;
    expect(await stack.read.read.partyMember([partyOnly])).toBe(true);
    const partyOnlyPage = await memberPage(partyOnly);
    expect(facts(partyOnlyPage)).toMatchObject({ Chapter: "– (not in a chapter)", "Party member": "yes" });
    expect(text(partyOnlyPage.main)).toContain("No roles.");
  });

  it("shows applications, recommendations given and received, votes and activity", async () => {
    const recommended = await chain.events("Recommended");
    const [recommender, given] = mostBy(recommended, (e) => lower(e.args.by!));
    const giver = await memberPage(recommender);
    expect(items(giver, "Recommendations given").map((li) => memberLinks(li)[0])).toEqual(
      expect.arrayContaining(given.map((e) => lower(e.args.account!)))
    );
    expect(items(giver, "Recommendations given")).toHaveLength(given.length);

    const [applicant, received] = mostBy(recommended, (e) => lower(e.args.account!));
    const receiver = await memberPage(applicant);
    expect(
      items(receiver, "Recommendations received")
        .map((li) => memberLinks(li)[0])
        .sort()
    ).toEqual(received.map((e) => lower(e.args.by!)).sort());
    const chapterId = String(await stack.read.read.applicationChapter([applicant]));
    expect(rowsOf(receiver, "Applications")).toContainEqual([
      `Chapter ${chapterId}`,
      expect.stringMatching(/^block \d+$/),
      "applied",
      "–",
      String(received.length),
    ]);

    const rejection = (await chain.events("ApplicationDecided")).find((e) => e.args.approved === false)!;
    const rejected = await memberPage(rejection.args.account!);
    expect(rowsOf(rejected, "Applications")).toContainEqual([
      `Chapter ${rejection.args.chapterId}`,
      expect.stringMatching(/^block \d+$/),
      "rejected",
      short(lower(rejection.args.by!)),
      expect.any(String),
    ]);

    const votes = await chain.events("VoteCast");
    const [voter] = mostBy(votes, (e) => lower(e.args.voter!));
    const evaluations = [...new Set(votes.filter((e) => lower(e.args.voter!) === voter).map((e) => e.args.evaluationId!))];
    const expected = await Promise.all(evaluations.map(async (id) => `Evaluation ${id}: ${await stack.read.read.votes([id, voter])}`));
    const voterPage = await memberPage(voter);
    expect(items(voterPage, "Votes").map(text).sort()).toEqual(expected.sort());

    const [{ n }] = await stack.query<{ n: number }>(
      `select count(*)::int as n from ${stack.viewsSchema}.activity where actor = $1 or subject = $1`,
      [voter]
    );
    expect(n).toBeGreaterThan(0);
    expect(rowsOf(voterPage, "Activity")).toHaveLength(Math.min(20, n));
  });
});

describe("evaluations", () => {
  it("/evaluations lists every evaluation newest first with tally and party-executive score", async () => {
    const count = await chain.evaluationCount();
    const chapters = new Map((await chain.chapters()).map((c) => [c.id, c.name]));
    const expected = [];
    for (let id = count; id >= 1; id--) {
      const e = await chain.evaluation(BigInt(id));
      expected.push([
        e.id,
        chapters.get(e.chapterId),
        String(e.votes.size),
        e.mean,
        e.partyExecutiveScore === null ? "–" : String(e.partyExecutiveScore),
      ]);
    }
    const result = await page("/evaluations");
    expect(h1(result)).toBe("Evaluations");
    expect(rowsOf(result)).toEqual(expected);

    const first = await page("/evaluations?limit=3");
    expect(rowsOf(first).map(([id]) => id)).toEqual([count, count - 1, count - 2].map(String));
    expect(Object.fromEntries(nextPage(first)!)).toEqual({ limit: "3", before: String(count - 2) });
    expect(rowsOf(await page(`/evaluations?${nextPage(first)}`)).map(([id]) => id)).toEqual([count - 3, count - 4, count - 5].map(String));

    // One chapter's evaluations (the chapter page links here), paged within the chapter.
    const ofChapter = expected.filter(([, chapter]) => chapter === chapters.get("1"));
    expect(ofChapter.length).toBeGreaterThan(1);
    const filtered = await page("/evaluations?chapter=1");
    expect(rowsOf(filtered)).toEqual(ofChapter);
    expect(text(filtered.main)).toContain(`Of ${chapters.get("1")} only`);
    const firstOfChapter = await page("/evaluations?chapter=1&limit=1");
    expect(rowsOf(firstOfChapter)).toEqual(ofChapter.slice(0, 1));
    expect(Object.fromEntries(nextPage(firstOfChapter)!)).toEqual({ chapter: "1", limit: "1", before: ofChapter[0]![0] });
    expect(rowsOf(await page(`/evaluations?${nextPage(firstOfChapter)}`))[0]).toEqual(ofChapter[1]);
  });

  it("/evaluations/:id links the CID through the gateway and shows tally, histogram, party-executive score and voters", async () => {
    const chapters = new Map((await chain.chapters()).map((c) => [c.id, c.name]));
    const count = await chain.evaluationCount();
    let withPartyScore = 0;
    for (let id = 1; id <= count; id++) {
      const e = await chain.evaluation(BigInt(id));
      const result = await page(`/evaluations/${id}`);
      expect(h1(result)).toBe(`Evaluation ${id}`);
      // What the tally counts (decision 0006): every member vote ever cast, each voter's latest.
      expect(text(result.main)).toContain("The tally is every member vote ever cast, each voter's latest");
      expect(hrefs(result.main, TEST_IPFS_GATEWAY)).toEqual([`${TEST_IPFS_GATEWAY}${e.cid}`]);
      const f = facts(result);
      expect(f).toMatchObject({ Chapter: chapters.get(e.chapterId), Content: e.cid, Votes: String(e.votes.size), "Mean score": e.mean });
      if (e.partyExecutiveScore !== null) withPartyScore++;
      expect(f["Party-executive score"]).toBe(
        e.partyExecutiveScore === null ? "–" : `${e.partyExecutiveScore} by ${short(e.partyExecutiveScoredBy!)}`
      );

      const bins = [...result.main.matchAll(/title="(-?\d+)\.\.(-?\d+): (\d+)" data-count="(\d+)"/g)].map((m) => m.slice(1).map(Number));
      expect(bins).toHaveLength(16);
      for (const [from, to, titled, counted] of bins) {
        const inBin = [...e.votes.values()].filter((s) => s >= from! && s <= to!).length;
        expect([titled, counted]).toEqual([inBin, inBin]);
      }
      expect(memberLinks(section(result, "Voters"))).toEqual([...e.votes.keys()]);
      expect(rowsOf(result, "Voters").map(([, score]) => Number(score))).toEqual([...e.votes.values()]);
    }
    expect(withPartyScore).toBeGreaterThan(0);
  });
});

describe("info and party", () => {
  it("/info lists every info message, filterable by eventName and infoType", async () => {
    const infos = (await chain.infos()).reverse();
    const rowOf = (i: (typeof infos)[number]) => [
      i.id,
      i.eventName,
      String(i.infoType),
      `${i.cid.slice(0, 12)}…`,
      short(i.sender),
      expect.stringMatching(/UTC$/),
    ];
    const all = await page("/info");
    expect(h1(all)).toBe("Info messages");
    expect(rowsOf(all)).toEqual(infos.map(rowOf));
    expect(hrefs(all.main, TEST_IPFS_GATEWAY)).toEqual(infos.map((i) => `${TEST_IPFS_GATEWAY}${i.cid}`));

    const eventName = infos[0]!.eventName;
    const byName = infos.filter((i) => i.eventName === eventName);
    expect(rowsOf(await page(`/info?eventName=${eventName}`))).toEqual(byName.map(rowOf));
    const byType = infos.filter((i) => i.infoType === 2);
    expect(rowsOf(await page("/info?infoType=2"))).toEqual(byType.map(rowOf));
    const both = infos.filter((i) => i.eventName === eventName && i.infoType === byName[0]!.infoType);
    expect(rowsOf(await page(`/info?eventName=${eventName}&infoType=${byName[0]!.infoType}`))).toEqual(both.map(rowOf));
    expect(byName.length).toBeLessThan(infos.length);
    expect(byType.length).toBeLessThan(infos.length);
    expect(text((await page("/info?eventName=no-such-event")).main)).toContain("No info messages match.");

    const first = await page("/info?limit=7");
    expect(rowsOf(first)).toHaveLength(7);
    expect(rowsOf(await page(`/info?${nextPage(first)}`))).toEqual(infos.slice(7, 14).map(rowOf));
    const filtered = await page(`/info?eventName=${eventName}&limit=1`);
    expect(Object.fromEntries(nextPage(filtered)!)).toEqual({ eventName, limit: "1", before: byName[0]!.id });
    expect(rowsOf(await page(`/info?${nextPage(filtered)}`))).toEqual(byName.slice(1, 2).map(rowOf));
  });

  it("/party shows the totals, the party executives and the role holders as on chain", async () => {
    const summary = await readDemoSummary({ rpcUrl: stack.rpcUrl, address: stack.address });
    const result = await page("/party");
    expect(h1(result)).toBe("The party");
    const totals = Object.fromEntries([...result.main.matchAll(/data-total="(\w+)">(\d+)</g)].map((m) => [m[1], Number(m[2])]));
    expect(totals).toEqual({
      chapterCount: summary.chapters,
      memberCount: summary.members,
      partyMemberCount: summary.partyMembers,
      pendingApplicationCount: summary.pendingApplications,
      evaluationCount: summary.evaluations,
      voteCount: summary.votes,
      infoCount: summary.infoMessages,
    });
    const executives = await chain.partyExecutives();
    expect(text(section(result, "Party executives"))).toContain(`Party executives (${executives.length})`);
    expect(memberLinks(section(result, "Party executives"))).toEqual(executives);
    const read = stack.read.read;
    const holders = {
      chapterAdmin: await read.chapterAdmin(),
      evaluationMinter: await read.evaluationMinter(),
      infoSender: await read.infoSender(),
      partyAdmin: await read.partyAdmin(),
    };
    expect(rowsOf(result, "Role holders").map(([role, holder]) => [role, holder])).toEqual(
      Object.entries(holders).map(([role, h]) => [role, short(lower(h))])
    );
    // The proxy's deployment: the implementation it points at, then initialize (issue #12).
    const upgrades = rowsOf(result, "Contract upgrades").map(([change, implementation]) => [change, implementation!.toLowerCase()]);
    expect(upgrades).toEqual(expect.arrayContaining([["Upgraded", lower(stack.implementation)], ["Initialized (version 1)", "–"]]));
  });
});

describe("CSV exports", () => {
  it("/chapters/:id/roster.csv has a header and one row per current member", async () => {
    for (const id of ["1", "15"]) {
      const response = await fetch(`${stack.appUrl}/chapters/${id}/roster.csv`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="chapter-${id}-roster.csv"`);
      const [header, ...lines] = (await response.text()).trimEnd().split("\r\n");
      expect(header).toBe("account,chapter_id,role,joined_block,joined_at");
      const members = await chain.membersOf(BigInt(id));
      expect(lines).toHaveLength(members.length);
      expect(lines.map((l) => l.split(",")[0])).toEqual(members);
      const executives = await chain.executivesOf(BigInt(id));
      expect(lines.filter((l) => l.split(",")[2] === "executive").map((l) => l.split(",")[0])).toEqual(executives);
    }
  });

  it("/evaluations/:id/votes.csv has a header and one row per vote", async () => {
    for (const id of [1n, 2n]) {
      const e = await chain.evaluation(id);
      const response = await fetch(`${stack.appUrl}/evaluations/${id}/votes.csv`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="evaluation-${id}-votes.csv"`);
      const [header, ...lines] = (await response.text()).trimEnd().split("\r\n");
      expect(header).toBe("evaluation_id,voter,score,block");
      expect(lines.map((l) => l.split(",").slice(0, 3))).toEqual([...e.votes].map(([voter, score]) => [String(id), voter, String(score)]));
    }
  });
});

describe("limits and the status bar", () => {
  it("?limit=100000 is capped, not refused", async () => {
    const chapters = await chain.chapters();
    expect(rowsOf(await page("/?limit=100000"))).toHaveLength(chapters.length);
    expect(memberLinks(section(await page("/chapters/1?limit=100000"), "Members"))).toHaveLength(chapters[0]!.memberCount);
    expect(rowsOf(await page("/evaluations?limit=100000"))).toHaveLength(await chain.evaluationCount());
    expect(rowsOf(await page("/info?limit=100000"))).toHaveLength((await chain.infos()).length);
    expect(rowsOf(await page("/evaluations/1?limit=100000"), "Voters")).toHaveLength((await chain.evaluation(1n)).votes.size);
  });

  it("every page, error pages included, shows the indexed block and the seconds behind", async () => {
    for (const path of ["/chapters/abc", "/chapters/999", "/members/0x123", "/evaluations/999", "/info?infoType=999"]) {
      const result = await get(stack.appUrl, path);
      expect(result.status).toBeGreaterThanOrEqual(400);
      await expectIndexerStatus(result);
    }
  });
});

describe("failure paths", () => {
  const UINT128_MAX = (1n << 128n) - 1n;
  const UINT256_MAX = (1n << 256n) - 1n;
  const dead = "0x000000000000000000000000000000000000dEaD";
  const addressError = (got: string, what = "Address") => `${what} must be 0x followed by 40 hex digits, got "${got}"`;
  const limitError = "limit must be a whole number from 1 to 200";

  const cases: [path: string, status: number, message: string][] = [
    ["/members/0x123", 400, addressError("0x123")],
    ["/members/zzz", 400, addressError("zzz")],
    [`/members/0x${"g".repeat(40)}`, 400, addressError(`0x${"g".repeat(40)}`)],
    ["/chapters/abc", 400, 'Chapter id must be a whole number, got "abc"'],
    ["/chapters/-1", 400, 'Chapter id must be a whole number, got "-1"'],
    ["/chapters/1.5", 400, 'Chapter id must be a whole number, got "1.5"'],
    ["/chapters/0x1", 400, 'Chapter id must be a whole number, got "0x1"'],
    [`/chapters/${UINT128_MAX + 1n}`, 400, "Chapter id is out of range"],
    [`/chapters/${"9".repeat(79)}`, 400, `Chapter id must be a whole number, got "${"9".repeat(79)}"`],
    [`/chapters/${UINT128_MAX + 1n}/applications`, 400, "Chapter id is out of range"],
    ["/evaluations/x", 400, 'Evaluation id must be a whole number, got "x"'],
    [`/evaluations/${UINT256_MAX + 1n}`, 400, "Evaluation id is out of range"],
    ["/chapters/1?limit=0", 400, limitError],
    ["/chapters/1?limit=abc", 400, limitError],
    ["/chapters/1?limit=-5", 400, limitError],
    ["/chapters/1?limit=1000000", 400, limitError],
    ["/?limit=0", 400, limitError],
    ["/evaluations?limit=x", 400, limitError],
    ["/evaluations?chapter=x", 400, 'Chapter id must be a whole number, got "x"'],
    ["/evaluations/1?limit=0", 400, limitError],
    ["/info?limit=2.5", 400, limitError],
    ["/chapters/1/applications?limit=0", 400, limitError],
    ["/chapters/1?after=nothing", 400, addressError("nothing", "after")],
    ["/evaluations/1?after=nothing", 400, addressError("nothing", "after")],
    ["/chapters/1/applications?after=nothing", 400, 'after must look like "<block>:<application id>", got "nothing"'],
    ["/?after=nothing", 400, 'Chapter id must be a whole number, got "nothing"'],
    ["/evaluations?before=nothing", 400, 'Evaluation id must be a whole number, got "nothing"'],
    ["/info?before=nothing", 400, "before must be a message id"],
    ["/info?infoType=999", 400, "infoType must be a whole number from 0 to 255"],
    ["/info?infoType=-1", 400, "infoType must be a whole number from 0 to 255"],
    ["/info?infoType=two", 400, "infoType must be a whole number from 0 to 255"],
    [`/info?eventName=${"e".repeat(65)}`, 400, "eventName is at most 64 characters"],
    ["/info?eventName=a%00b", 400, "eventName must not contain control characters"],
    ["/chapters/999", 404, "Chapter 999 does not exist"],
    [`/chapters/${UINT128_MAX}`, 404, `Chapter ${UINT128_MAX} does not exist`],
    ["/chapters/0", 404, "Chapter 0 does not exist"],
    ["/chapters/999/applications", 404, "Chapter 999 does not exist"],
    ["/evaluations/999", 404, "Evaluation 999 does not exist"],
    [`/evaluations/${UINT256_MAX}`, 404, `Evaluation ${UINT256_MAX} does not exist`],
    [`/members/${dead}`, 404, `No member or applicant with address ${dead} is known`],
    [`/members/${dead.toLowerCase()}`, 404, `No member or applicant with address ${dead} is known`],
  ];

  it.each(cases)("%s answers %i with the message", async (path, status, message) => {
    const result = await get(stack.appUrl, path);
    expect(result.status).toBe(status);
    expect(errorOf(result)).toEqual({
      status,
      title: `${status} · ${status === 400 ? "That request is not right" : "Not found"}`,
      message,
    });
    expect(result.headers.get("content-type")).toMatch(/^text\/html/);
    expect(leaksInternals(result.body)).toBe(false);
  });

  it("CSV exports answer 400 and 404 as plain text", async () => {
    const csv: [string, number, string][] = [
      ["/chapters/abc/roster.csv", 400, 'Chapter id must be a whole number, got "abc"'],
      [`/chapters/${UINT128_MAX + 1n}/roster.csv`, 400, "Chapter id is out of range"],
      ["/chapters/999/roster.csv", 404, "Chapter 999 does not exist"],
      ["/evaluations/x/votes.csv", 400, 'Evaluation id must be a whole number, got "x"'],
      ["/evaluations/999/votes.csv", 404, "Evaluation 999 does not exist"],
    ];
    for (const [path, status, message] of csv) {
      const response = await fetch(`${stack.appUrl}${path}`);
      expect([path, response.status, await response.text()]).toEqual([path, status, message]);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    }
  });

  it("odd but valid requests answer 200, and nothing answers 500", async () => {
    for (const path of [
      "/chapters/00001",
      "/?q=" + "x".repeat(1000),
      "/info?eventName=%F0%9F%98%80",
      "/chapters/1/applications?after=99999999:1-1",
      "/chapters/1/applications?after=1:1-9999999999",
      `/evaluations/1?after=${dead}`,
      "/chapters/1?limit=",
    ]) {
      await page(path);
    }
    for (const path of ["/chapters/%00", "/members/%FF", "/chapters/1?after=%00", "/info?eventName=%00", "/nope", "/chapters/1/nope"]) {
      const result = await get(stack.appUrl, path);
      expect(result.status, path).toBeGreaterThanOrEqual(400);
      expect(result.status, path).toBeLessThan(500);
      expect(leaksInternals(result.body), path).toBe(false);
    }
  });
});

describe("503", () => {
  const PAGES = [
    "/",
    "/chapters/1",
    "/chapters/1/applications",
    "/evaluations",
    "/evaluations/1",
    "/info",
    "/party",
    `/members/${"0x".padEnd(42, "1")}`,
  ];
  const servers: AppServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  async function expectUnavailable(base: string, message: string) {
    for (const path of PAGES) {
      const result = await get(base, path);
      expect([path, result.status]).toEqual([path, 503]);
      expect(errorOf(result)).toEqual({ status: 503, title: "503 · Temporarily unavailable", message });
      expect(text(result.main)).toContain("Try again in a few seconds.");
      expect(leaksInternals(result.body)).toBe(false);
    }
    const csv = await fetch(`${base}/chapters/1/roster.csv`);
    expect([csv.status, await csv.text()]).toEqual([503, message]);
  }

  async function eventually(base: string, path: string, wanted: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { status } = await get(base, path);
      if (status === wanted || Date.now() > deadline) return status;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it("database down: 503 with the database message; back up: the same server answers 200 again", async () => {
    const target = new URL(stack.databaseUrl);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    try {
      const app = await startAppServer({ env: { ...stack.appEnv, DATABASE_URL: viaProxy(stack.databaseUrl, proxy.port) } });
      servers.push(app);
      for (const path of PAGES.slice(0, -1)) await page(path, app.url);

      proxy.cut();
      // The pages above are in the page cache; it stops answering once its version poll fails (every 250 ms).
      expect(await eventually(app.url, "/", 503)).toBe(503);
      await expectUnavailable(app.url, "The database is not reachable right now. This page will work again once it is back.");

      proxy.restore();
      expect(await eventually(app.url, "/", 200)).toBe(200);
      for (const path of PAGES.slice(0, -1)) await page(path, app.url);
      expect(app.process.exitCode).toBeNull();
    } finally {
      await proxy.close();
    }
  });

  it("read model not there yet: 503 with the not-ready message; once it exists, the same server answers 200", async () => {
    const later = `later_${randomBytes(4).toString("hex")}`;
    const app = await startAppServer({ env: { ...stack.appEnv, READ_MODEL_SCHEMA: later } });
    servers.push(app);
    await expectUnavailable(app.url, "The read model is not ready yet: the indexer is still doing its first backfill.");

    await stack.query(`create schema ${later}`);
    for (const table of READ_MODEL_TABLES)
      await stack.query(`create view ${later}.${table} as select * from ${stack.viewsSchema}.${table}`);
    expect(await eventually(app.url, "/", 200)).toBe(200);
    expect(rowsOf(await page("/", app.url))).toHaveLength((await chain.chapters()).length);
    expect(app.process.exitCode).toBeNull();
  });
});

// Last: these change the chain (new applications in chapter 15, new members in chapter 1).
describe("while the chain moves on", () => {
  it("the review queue is in chain order within a block, past log index 9 too", async () => {
    // More than the chapter page shows (20), in one block, past log index 9.
    const newcomers = Array.from({ length: 21 }, () => privateKeyToAccount(generatePrivateKey()));
    await Promise.all(newcomers.map((a) => stack.testClient.setBalance({ address: a.address, value: parseEther("1") })));
    await stack.testClient.setAutomine(false);
    try {
      const hashes: Hex[] = [];
      for (const account of newcomers) {
        hashes.push(
          await stack
            .walletFor(account)
            .writeContract({ address: stack.address, abi: partyAbi, functionName: "applyForChapterMembership", args: [15n], gas: 300_000n })
        );
      }
      await stack.testClient.mine({ blocks: 1 });
      const receipts = await Promise.all(hashes.map((hash) => stack.publicClient.waitForTransactionReceipt({ hash })));
      expect(new Set(receipts.map((r) => r.blockNumber)).size).toBe(1);
      expect(Math.max(...receipts.map((r) => r.logs[0]!.logIndex))).toBeGreaterThanOrEqual(10);
    } finally {
      await stack.testClient.setAutomine(true);
    }
    await stack.waitForIndexer();
    const pending = (await chain.pendingApplications(15n)).map((p) => p.account);
    expect(pending).toEqual(expect.arrayContaining(newcomers.map((a) => lower(a.address))));
    expect(applicants(await page("/chapters/15/applications"))).toEqual(pending);
    const chapterPage = await page("/chapters/15");
    expect(applicants(chapterPage)).toEqual(pending.slice(0, 20));
    expect(pending.length).toBeGreaterThan(20);
    expect(text(section(chapterPage, "Pending applications"))).toContain(`The first 20 of ${pending.length}: all of them in the review queue`);
    const paged: string[] = [];
    for (let query = "limit=5"; query; ) {
      const result = await page(`/chapters/15/applications?${query}`);
      paged.push(...applicants(result));
      query = nextPage(result)?.toString() ?? "";
    }
    expect(paged).toEqual(pending);
  });

  /** The address `offset` away from `address` in the address order. */
  const beside = (address: string, offset: bigint) => lower(`0x${(BigInt(address) + offset).toString(16).padStart(40, "0")}`);

  /**
   * `address` applies to the chapter and its executive approves. Nobody holds a key for an address
   * picked by its place in the order, so anvil sends as it (impersonation).
   */
  async function join(chapterId: bigint, address: Address): Promise<Address> {
    await stack.testClient.setBalance({ address, value: parseEther("1") });
    await stack.testClient.impersonateAccount({ address });
    try {
      const applicant = createWalletClient({ chain: stack.publicClient.chain, transport: http(stack.rpcUrl), account: address });
      const hash = await applicant.writeContract({ address: stack.address, abi: partyAbi, functionName: "applyForChapterMembership", args: [chapterId] });
      expect((await stack.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 30_000 })).status).toBe("success");
    } finally {
      await stack.testClient.stopImpersonatingAccount({ address });
    }
    const executive = (await chain.executivesOf(chapterId))[0]!;
    const decider = buildDemoPlan().accounts.find((a) => lower(a.address) === executive)!;
    await stack.send(decider, "updateMemberApplicationForChapter", [address, true]);
    return lower(address);
  }

  it("the page after a cursor still starts right after it when members join before and after the cursor", async () => {
    const members = (p: Page) => memberLinks(section(p, "Members"));
    const first = await page("/chapters/1?limit=5");
    const cursor = nextPage(first)!.get("after")!;
    const second = members(await page(`/chapters/1?limit=5&after=${cursor}`));

    // Right before the cursor, and right after it (before the first member of the page after it).
    expect(BigInt(beside(cursor, 1n))).toBeLessThan(BigInt(second[0]!));
    const before = await join(1n, beside(cursor, -1n));
    const between = await join(1n, beside(cursor, 1n));
    await stack.waitForIndexer();

    const secondAgain = members(await page(`/chapters/1?limit=5&after=${cursor}`));
    expect(secondAgain).toEqual([between, ...second.slice(0, 4)]);
    const firstAgain = members(await page("/chapters/1?limit=5"));
    expect(firstAgain).toContain(before);
    expect(firstAgain.filter((a) => secondAgain.includes(a))).toEqual([]);
    expect(members(await page("/chapters/1"))).toEqual(await chain.membersOf(1n));
    expect(facts(await page("/chapters/1")).Members).toBe(String((await chain.chapters())[0]!.memberCount));
  });
});
