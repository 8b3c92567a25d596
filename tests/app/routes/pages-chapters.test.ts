/**
 * The chapter pages of the production server over the seeded demo read model: /, /chapters/:id
 * and the review queue, cross-checked against the chain (contract getters and events) and the
 * read model, with their paging; last, how they follow the chain as members apply and join.
 * Setup and helpers: pages-stack.ts.
 */
import { createWalletClient, getAddress, http, parseEther, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { partyAbi } from "../../../abis/party.js";
import "../../../app/i18n/i18n.server.js";
import { tFor } from "../../../app/i18n/instance.js";
import { formatCoordinates } from "../../../app/map/coordinates.js";
import { svgX, svgY } from "../../../app/map/projection.js";
import { buildDemoPlan } from "../../../scripts/lib/demo-data/plan.js";
import { lower } from "../../setup/chain-facts.js";
import { facts, h1, hrefs, memberLinks, nextPage, section, short, text, type Page } from "../../setup/html.js";
import { applicants, chain, page, rowsOf, stack, usePagesStack } from "./pages-stack.js";

usePagesStack();

describe("chapters", () => {
  it("/ lists every chapter with its place, and the map draws each once at its city: a link, or in a cluster", async () => {
    const chapters = await chain.chapters();
    const home = await page("/");
    expect(h1(home)).toBe("Chapters");
    expect(text(home.main)).toContain(`${chapters.length} chapters`);
    const t = tFor("en");
    expect(rowsOf(home)).toEqual(chapters.map((c) => [c.id, c.name, String(c.memberCount), formatCoordinates(c, t, "en")]));
    expect(rowsOf(home)[0]![3]).toBe("52.52° N, 13.40° E");

    const map = /<svg class="map"[\s\S]*?<\/svg>/.exec(home.main)![0];
    expect(map).toMatch(/<image href="\/build\/_assets\/world-\w+\.svg"/);
    const links = [...map.matchAll(/<a ([^>]*)><circle ([^>]*)>/g)].map(([, a, circle]) => ({
      id: /data-chapter-id="(\d+)"/.exec(a!)![1]!,
      label: /aria-label="([^"]*)"/.exec(a!)![1],
      href: /href="([^"]*)"/.exec(a!)![1],
      cx: Number(/cx="(\d+)"/.exec(circle!)![1]),
      cy: Number(/cy="(\d+)"/.exec(circle!)![1]),
    }));
    const clustered = [...map.matchAll(/data-chapters="([\d ]+)"/g)].flatMap((m) => m[1]!.split(" "));
    expect([...links.map((l) => l.id), ...clustered].sort()).toEqual(chapters.map((c) => c.id).sort());
    // y grows northwards on the map, downwards in SVG.
    const byId = new Map(chapters.map((c) => [c.id, c]));
    expect(links).toEqual(
      links.map(({ id }) => {
        const c = byId.get(id)!;
        return { id, label: `${c.name}: ${c.memberCount} members`, href: `/chapters/${c.id}`, cx: svgX(c.x), cy: svgY(c.y) };
      }),
    );
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
      const map = /<svg[\s\S]*?<\/svg>/.exec(result.main)![0];
      // A match alone is a lit dot; a cluster is lit when it holds one.
      const lit = [...map.matchAll(/data-chapter-id="(\d+)"[^>]*><circle [^>]*class="highlight"/g)].map((m) => m[1]!);
      const clusters = [...map.matchAll(/data-chapters="([\d ]+)"[\s\S]*?<circle [^>]*?(class="highlight")?\/?>/g)].map((m) => ({ ids: m[1]!.split(" "), lit: !!m[2] }));
      for (const cluster of clusters) expect(cluster.lit, q).toBe(cluster.ids.some((id) => expected.some((c) => c.id === id)));
      // In the map's reading order (north to south), so compared as sets.
      expect(lit.sort(), q).toEqual(expected.map((c) => c.id).filter((id) => !clusters.some((cl) => cl.ids.includes(id))).sort());
      expect(hrefs(map, "/chapters/").length + clusters.reduce((n, c) => n + c.ids.length, 0)).toBe(chapters.length);
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
      expect(f).toMatchObject({ "Chapter id": c.id, Location: c.name, "Map position": formatCoordinates(c, tFor("en"), "en"), Members: String(c.memberCount) });
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
      recommenders: memberLinks(/<td[ >](?:(?!<td[ >])[\s\S])*$/.exec(row!)![0]).sort(),
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
    expect(rowsOf(result, "Recent activity").map(([block, , kind]) => [block, kind!.replace(/: (Evaluation|Info message) \d+$/, "")])).toEqual(
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
