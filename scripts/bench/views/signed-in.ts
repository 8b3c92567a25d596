/**
 * The signed-in phase of the views bench (issue 29): `connections` viewers, each a connection of
 * its own with its own session (the cookies a browser sends: the session and the account cookie),
 * and the same requests without a session, measured side by side on one server in alternating
 * slices; then the viewers alone while events arrive.
 *
 * The viewers are a party's signed-in people: members of random chapters (70%), chapter
 * executives (10%), party executives (2%), and accounts in no chapter (the rest). They ask for a
 * working set of pages (`paths`: a vote day's pages, the same for both sides), each request a
 * random one. A page is rendered once per kind of viewer that asks for it (server/viewer-pages.ts),
 * so the phase first asks for every page once as a viewer of each sort, as the anonymous phases'
 * first pass asks for every page once, then warms up.
 */
import { createHash, randomBytes } from "node:crypto";
import type pg from "pg";
import { getAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { cpuDelta, type CpuSnapshot } from "./cpu.js";
import { hammer, latency, type Latency, type LoadResult } from "./hammer.js";
import { livePhase, type LivePhase } from "./live.js";
import { pick } from "./pick.js";
import { cacheLine, loadAverage, loadLine, say } from "./report.js";

export type Viewer = {
  kind: "member" | "executive" | "party executive" | "no chapter";
  /**
   * What makes two viewers of the mix different kinds on a page of a chapter they are not in
   * (app/ground/shared-viewer.ts `reducedFacts`): the facts that stay when chapters are reduced away.
   */
  sort: string;
  cookie: string;
};

/** Sessions for `count` viewers of the mix, straight into app.sessions (as log_in stores them). */
export async function viewerSessions(admin: pg.Client, viewsSchema: string, count: number): Promise<Viewer[]> {
  const V = `"${viewsSchema}"`;
  const accounts = async (where: string, n: number) =>
    (
      await admin.query<{ account: string; sort: string }>(
        `select account, concat_ws('/', status = 'member', status = 'member' or party_member, party_executive, executive_of is not null,
           pending_application_id is not null, exists (select 1 from ${V}.role_holders r where r.holder = m.account)) as sort
         from ${V}.members m where ${where} order by random() limit ${n}`,
      )
    ).rows;
  const executives = Math.round(count * 0.1);
  const partyExecutives = Math.max(1, Math.round(count * 0.02));
  const members = Math.round(count * 0.7);
  const mix: [Viewer["kind"], { account: string; sort: string }[]][] = [
    ["member", await accounts("status = 'member' and executive_of is null and not party_executive", members)],
    ["executive", await accounts("executive_of is not null and not party_executive", executives)],
    ["party executive", await accounts("party_executive", partyExecutives)],
  ];
  const placed = mix.reduce((n, [, list]) => n + list.length, 0);
  mix.push(["no chapter", Array.from({ length: count - placed }, () => ({ account: privateKeyToAccount(generatePrivateKey()).address, sort: "none" }))]);
  const viewers: Viewer[] = [];
  for (const [kind, list] of mix) {
    for (const { account, sort } of list) {
      const address = getAddress(account);
      const token = randomBytes(32).toString("base64url");
      const id = createHash("sha256").update(token).digest("hex");
      await admin.query(`insert into app.sessions (id, address, expires_at) values ($1, $2, now() + interval '1 day')`, [id, address]);
      viewers.push({ kind, sort, cookie: `__Host-session=${token}; account=${address}` });
    }
  }
  // Interleaved, so every slice of connections holds every kind.
  return viewers.sort(() => Math.random() - 0.5);
}

export type SideBySide = { anonymous: LoadResult; signedIn: LoadResult };

/**
 * Anonymous and signed-in in `rounds` alternating slices of `sliceSeconds` each, after
 * `warmupSeconds` signed in; each side's percentiles over all of its slices' responses.
 */
export async function sideBySide({
  url,
  paths,
  viewers,
  connections,
  rounds,
  sliceSeconds,
  warmupSeconds,
}: {
  url: string;
  paths: string[];
  viewers: Viewer[];
  connections: number;
  rounds: number;
  sliceSeconds: number;
  warmupSeconds: number;
}): Promise<SideBySide> {
  const path = () => pick(paths);
  const headersOf = (i: number) => ({ cookie: viewers[i % viewers.length]!.cookie });
  // As the anonymous phases' first pass renders every page once: every page once for a viewer of
  // each sort in the mix (a viewer related to the page's own chapter is a kind of its own, and stays a miss).
  for (const sort of new Set(viewers.map((v) => v.sort))) {
    const cookie = viewers.find((v) => v.sort === sort)!.cookie;
    await hammer(url, { prefix: "", ids: paths, amount: paths.length, connections, headersOf: () => ({ cookie }) });
  }
  await hammer(url, { path, connections, seconds: warmupSeconds, headersOf });
  await hammer(url, { path, connections, seconds: Math.min(3, warmupSeconds) });
  const sides = { anonymous: [] as LoadResult[], signedIn: [] as LoadResult[] };
  const times = { anonymous: [] as number[], signedIn: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    // Which side goes first alternates too.
    for (const side of round % 2 === 0 ? (["anonymous", "signedIn"] as const) : (["signedIn", "anonymous"] as const)) {
      const onResponse = ({ ms }: { ms: number }) => times[side].push(ms);
      sides[side].push(await hammer(url, { path, connections, seconds: sliceSeconds, onResponse, ...(side === "signedIn" ? { headersOf } : {}) }));
    }
  }
  return { anonymous: merged(sides.anonymous, latency(times.anonymous)), signedIn: merged(sides.signedIn, latency(times.signedIn)) };
}

/** The slices of one side as one result: counts summed, percentiles over every response. */
function merged(slices: LoadResult[], percentiles: Latency): LoadResult {
  const sum = (pickOf: (r: LoadResult) => Record<string, number>) => {
    const total: Record<string, number> = {};
    for (const r of slices) for (const [k, n] of Object.entries(pickOf(r))) total[k] = (total[k] ?? 0) + n;
    return total;
  };
  const ok = slices.reduce((n, r) => n + r.ok, 0);
  const seconds = slices.reduce((n, r) => n + r.seconds, 0);
  return {
    ...percentiles,
    ok,
    failed: slices.reduce((n, r) => n + r.failed, 0),
    statuses: sum((r) => r.statuses) as Record<number, number>,
    cache: sum((r) => r.cache),
    rps: ok / seconds,
    seconds,
  };
}

/** The phase as the bench runs it: sessions, side by side, then live at 20 events a second; printed as it goes. */
export async function signedInPhases({
  url,
  admin,
  viewsSchema,
  workingSet,
  connections,
  rounds,
  sliceSeconds,
  warmupSeconds,
  cpu,
  live,
}: {
  url: string;
  admin: pg.Client;
  viewsSchema: string;
  workingSet: string[];
  connections: number;
  rounds: number;
  sliceSeconds: number;
  warmupSeconds: number;
  cpu: () => Promise<CpuSnapshot>;
  live: Pick<LivePhase, "seconds" | "warmupSeconds" | "blockSeconds" | "databaseUrl" | "schema">;
}) {
  const viewers = await viewerSessions(admin, viewsSchema, connections);
  const kinds = [...new Set(viewers.map((v) => v.kind))].map((kind) => `${viewers.filter((v) => v.kind === kind).length} ${kind}`).join(", ");
  const sorts = new Set(viewers.map((v) => v.sort)).size;
  say(
    `\nsigned in: ${connections} connections, each a viewer with its own session (${kinds}; ${sorts} sorts of facts), over ${workingSet.length} pages of the three kinds, ` +
      `beside the same without a session in ${rounds} alternating slices of ${sliceSeconds.toFixed(1)} s each (after ${warmupSeconds} s warm-up); ${loadAverage()}`,
  );
  const before = await cpu();
  const signed = await sideBySide({ url, paths: workingSet, viewers, connections, rounds, sliceSeconds, warmupSeconds });
  const used = cpuDelta(before, await cpu());
  say(`  anonymous  ${loadLine(signed.anonymous)}; x-cache ${cacheLine(signed.anonymous.cache)}`);
  say(`  signed in  ${loadLine(signed.signedIn)}; x-cache ${cacheLine(signed.signedIn.cache)}`);
  say(`  signed in / anonymous pages/s: ${(signed.signedIn.rps / signed.anonymous.rps).toFixed(2)}; CPU over the phase: node ${used.server.toFixed(1)} s, postgres backends ${used.postgres.toFixed(1)} s`);

  say(`signed in, live at 20 events/s: the same viewers and pages, ${live.seconds} s (after ${live.warmupSeconds} s warm-up); ${loadAverage()}`);
  const signedLive = await livePhase({
    ...live,
    url,
    path: () => pick(workingSet),
    connections,
    rate: 20,
    headersOf: (i) => ({ cookie: viewers[i % viewers.length]!.cookie }),
  });
  say(`  ${loadLine(signedLive)}; events ${signedLive.events} (${signedLive.eventRate.toFixed(1)}/s); x-cache ${cacheLine(signedLive.cache)}`);
  return { signed, signedLive };
}
