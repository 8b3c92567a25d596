/**
 * Document fetchers sharing the work (server/documents/fetcher.ts), over a real read model with
 * the local IPFS node (./fetcher-stack.ts): two fetchers on one database never fetch the same CID,
 * and a backlog is worked through at the fetcher's pace while the host is busy. Once the stack's
 * fetcher process has stored the demo documents it is stopped, and fetchers run in this process.
 * What one fetcher stores and refuses: fetcher.test.ts.
 */
import { encodeDocument } from "../../../app/documents/document.js";
import { DEMO_EVALUATION_CIDS, DEMO_INFO_CIDS, digestOfCid } from "../../../scripts/lib/demo-data/document-cids.js";
import { ADMIN } from "../../fixtures/accounts.js";
import { until } from "../../setup/until.js";
import {
  infoDocument,
  proxyGateway,
  stack,
  useFetchersInProcess,
  useFetcherStack,
} from "./fetcher-stack.js";

useFetcherStack();

// As when these cases ran after the process's own: the demo documents are stored before they start.
beforeAll(async () => {
  await until(
    () => stack.query<{ n: number }>(`select count(*)::int as n from app.document_fetches where status = 'stored'`),
    ([row]) => row!.n === DEMO_EVALUATION_CIDS.length + DEMO_INFO_CIDS.length,
    "the demo documents stored",
  );
}, 120_000);

describe("fetchers in this process", () => {
  const { gateways, fetcher } = useFetchersInProcess();

  it("two fetchers on one database never fetch the same CID (each claim is leased)", async () => {
    const cids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const cid = await stack.ipfs.add(encodeDocument(infoDocument()));
      await stack.send(ADMIN, "sendInfo", ["Lease test", 2, 0x12, 32, digestOfCid(cid)]);
      cids.push(cid);
    }
    await stack.waitForIndexer();
    // Neither gateway answers until both have been asked: while one fetcher holds its claim, the other claims too.
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const asked = new Set<string>();
    const held = (name: string) => () => {
      asked.add(name);
      if (asked.size === 2) open();
      return opened;
    };
    const [a, b] = [await proxyGateway(held("a")), await proxyGateway(held("b"))];
    // Small batches: each fetcher needs several turns.
    fetcher([a.url], { batch: 2, concurrency: 2 });
    fetcher([b.url], { batch: 2, concurrency: 2 });
    await until(
      () => stack.query<{ n: number }>(`select count(*)::int as n from app.document_fetches where cid = any($1) and status = 'stored'`, [cids]),
      ([row]) => row!.n === cids.length,
      "the lease test's documents stored",
    );
    const byA = cids.filter((cid) => a.requested.includes(cid));
    const byB = cids.filter((cid) => b.requested.includes(cid));
    expect(byA.filter((cid) => byB.includes(cid))).toEqual([]);
    expect([...byA, ...byB].sort()).toEqual([...cids].sort());
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    const attempts = await stack.query<{ attempts: number }>(`select distinct attempts from app.document_fetches where cid = any($1)`, [cids]);
    expect(attempts).toEqual([{ attempts: 1 }]);
  });

  it("works through a backlog at its pace while the host is busy (ratePerSecond): full turns of `batch` are spread out, never at once", async () => {
    // Only this case's fetches are due (run alone, the stack's demo documents may still wait).
    await stack.query(`update app.document_fetches set next_attempt_at = now() + interval '1 day' where status = 'waiting'`);
    const cids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const cid = await stack.ipfs.add(encodeDocument(infoDocument()));
      await stack.send(ADMIN, "sendInfo", ["Pace test", 2, 0x12, 32, digestOfCid(cid)]);
      cids.push(cid);
    }
    await stack.waitForIndexer();
    const askedAt = new Map<string, number>();
    const timed = await proxyGateway(async (cid) => void askedAt.set(cid, performance.now()));
    gateways.push(timed);
    // 12 fetches, 3 a turn at 2 a second: each full turn is followed by a pause to 1.5 s after its start.
    fetcher([timed.url], { batch: 3, concurrency: 3, ratePerSecond: 2, hostBusy: () => true });
    await until(
      () => stack.query<{ n: number }>(`select count(*)::int as n from app.document_fetches where cid = any($1) and status = 'stored'`, [cids]),
      ([row]) => row!.n === cids.length,
      "the pace test's documents stored",
    );
    const times = cids.map((cid) => askedAt.get(cid)!).sort((a, b) => a - b);
    expect(times).toHaveLength(12);
    // The four turns take at least three paces (4.5 s); unpaced they took a third of a second. A
    // request that reached the gateway late (a loaded machine) can shorten the span by its delay,
    // hence a fifth less.
    expect(times[11]! - times[0]!).toBeGreaterThanOrEqual(3 * 1500 * 0.8);
  });
});
