/**
 * The RPC endpoint goes away for 20 s while the indexer is live: a TCP proxy between the indexer
 * and anvil stops listening and drops every open connection, transactions keep landing on anvil
 * meanwhile, then the proxy comes back on the same port. The same indexer process must catch up
 * and index everything sent during the outage, without a restart.
 */
import { createServer, connect, type Server, type Socket } from "node:net";
import type { Hex, PrivateKeyAccount } from "viem";
import { ADMIN, ALICE, BOB, CAROL, DAVE, ERIN } from "../fixtures/accounts.js";
import { dumpReadModel } from "../setup/read-model.js";
import { digest, eventIds, lc, loc, sleep, useIndexerTest } from "./helpers.js";

const ctx = useIndexerTest();
const OUTAGE_MS = 20_000;

/** A TCP proxy to `targetPort` on 127.0.0.1 that can be taken down and brought back on its port. */
async function startProxy(targetPort: number) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let connections = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        connections++;
        const upstream = connect(targetPort, "127.0.0.1");
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream);
        upstream.pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get connections() {
      return connections;
    },
    /** Stops listening (connections are refused) and destroys every open connection. */
    async down() {
      const s = server!;
      server = undefined;
      const closed = new Promise<void>((resolve) => s.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    /** Listens again on the same port. */
    up: listen,
    async stop() {
      if (server) await this.down();
    },
  };
}

let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
afterAll(async () => {
  await proxy?.stop();
});

const p = (account: PrivateKeyAccount) => ctx.tc.party(account).write;
const send = async (hash: Promise<Hex>) => ctx.tc.waitFor(await hash);

it("catches up after the RPC was unreachable for 20 s, in the same process", { timeout: 180_000 }, async () => {
  const { tc, db } = ctx;
  proxy = await startProxy(tc.anvil.port);
  const indexer = await ctx.startIndexer({ rpcUrl: proxy.url });
  const pid = indexer.process.pid;

  // Live indexing through the proxy.
  await send(p(ADMIN).addChapterToParty([[[ALICE.address, BOB.address]], [loc("Berlin")], [1], [2]]));
  const beforeOutage = (await send(p(ADMIN).promotePartyExecutive([ALICE.address]))).blockNumber;
  expect(await tc.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(beforeOutage);
  await indexer.waitForBlock(beforeOutage, 90_000);
  expect(proxy.connections).toBeGreaterThan(0);

  // Outage: nothing reaches anvil through the proxy; transactions go to anvil directly.
  await proxy.down();
  const outageStart = Date.now();
  await sleep(2_000);
  const duringOutage = [
    await send(p(CAROL).applyForChapterMembership([1n])),
    await send(p(ALICE).updateMemberApplicationForChapter([CAROL.address, true])),
    await send(p(ALICE).addMemberToParty([[DAVE.address, ERIN.address]])),
    await send(p(ADMIN).mintEvaluation([1n, 0x12, 32, digest(7)])),
    await send(p(BOB).vote([1n, 4])),
    await send(p(ADMIN).sendInfo(["sent during the outage", 3, 0x12, 32, digest(8)])),
  ];
  const head = duringOutage.at(-1)!.blockNumber;
  await sleep(OUTAGE_MS - (Date.now() - outageStart));
  // The indexer cannot have seen any of it, and is still running.
  const stale = await indexer.status();
  expect(stale.block).toBe(Number(beforeOutage));
  expect(indexer.process.exitCode).toBeNull();
  expect(indexer.log()).toMatch(/Received JSON-RPC error|Failed to fetch latest block|ECONNREFUSED/);

  // Recovery on the same port: the same process catches up.
  await proxy.up();
  await indexer.waitForBlock(head, 60_000);
  expect(indexer.process.pid).toBe(pid);
  expect(indexer.process.exitCode).toBeNull();
  expect(indexer.process.signalCode).toBeNull();

  const model = await dumpReadModel(db.url, indexer.viewsSchema);
  expect(model.info_messages).toMatchObject([{ eventName: "sent during the outage", infoType: 3 }]);
  expect(model.members.find((m) => m.account === lc(CAROL))).toMatchObject({ status: "member", chapterId: "1", partyMember: true });
  expect(model.members.filter((m) => m.partyMember).map((m) => m.account).sort()).toEqual(
    [ALICE, BOB, CAROL, DAVE, ERIN].map(lc).sort(),
  );
  expect(model.evaluations).toMatchObject([{ id: "1", voteCount: 1, scoreSum: 4 }]);
  expect(model.chapters).toMatchObject([{ id: "1", memberCount: 3, pendingApplicationCount: 0, evaluationCount: 1 }]);
  // Every event exactly once, and the same read model as a clean reindex straight from anvil.
  expect(model.activity.map((row) => row.id).sort()).toEqual((await eventIds(tc, head)).sort());
  const clean = await ctx.startIndexer();
  await clean.waitForBlock(head, 90_000);
  expect(model).toEqual(await dumpReadModel(db.url, clean.viewsSchema));
});
