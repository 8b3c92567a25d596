/**
 * The member, evaluation, info and party pages of the production server over the seeded demo
 * read model, and the CSV exports, cross-checked against the chain (contract getters and events)
 * and the read model. Setup and helpers: pages-stack.ts.
 */
import { getAddress } from "viem";
import { buildDemoPlan } from "../../../scripts/lib/demo-data/plan.js";
import { readDemoSummary } from "../../../scripts/lib/demo-data/summary.js";
import { TEST_IPFS_GATEWAY } from "../../setup/stack.js";
import { lower } from "../../setup/chain-facts.js";
import { facts, h1, hrefs, memberLinks, nextPage, section, short, text, type Page } from "../../setup/html.js";
import { chain, mostBy, page, rowsOf, stack, usePagesStack } from "./pages-stack.js";

usePagesStack();

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
        // Without the document fetcher no title is stored: the evaluation is named by its number.
        `Evaluation ${e.id}`,
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
    const ofChapter = expected.filter(([, , chapter]) => chapter === chapters.get("1"));
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
      // Without the document fetcher no title is stored: the message is named by its number, linking its page.
      `Info message ${i.id}`,
      i.eventName,
      String(i.infoType),
      short(i.sender),
      expect.stringMatching(/UTC$/),
    ];
    const all = await page("/info");
    expect(h1(all)).toBe("Info messages");
    expect(rowsOf(all)).toEqual(infos.map(rowOf));
    expect(hrefs(all.main, "/info/")).toEqual(infos.map((i) => `/info/${i.id}`));

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
      // The name last, as this viewer (a stranger) may see it: empty for the demo's accounts, which have none.
      expect(header).toBe("account,chapter_id,role,joined_block,joined_at,name");
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
      expect(header).toBe("evaluation_id,voter,score,block,evaluation_title,voter_name");
      expect(lines.map((l) => l.split(",").slice(0, 3))).toEqual([...e.votes].map(([voter, score]) => [String(id), voter, String(score)]));
    }
  });
});
