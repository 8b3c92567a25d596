/**
 * The apply gate (issue 28 item 5): POST /api/calls/applyForChapterMembership builds nothing for an
 * account that has not confirmed /before-applying, and says so (403, naming the page, its key for
 * the button to say it in the page's language), before the chain is asked. Once confirmed the
 * request goes on to the preflight (here a chain that does not answer: 503). Other operations
 * are not gated; a database out of reach is a 503.
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { migrate } from "../../../db/migrate.js";
import { freePort } from "../../../scripts/lib/free-port.js";
import { setupTestDatabase, type TestDatabase } from "../../setup/postgres.js";

let database: TestDatabase;
let route: typeof import("../../../app/routes/api.calls.$operation");
let disclosures: typeof import("../../../app/models/disclosures.server");
let resetPostGuard: () => Promise<void>;

beforeAll(async () => {
  database = await setupTestDatabase();
  await migrate(database.url);
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    INDEXER_URL: `http://127.0.0.1:${await freePort()}`,
    CHAIN_RPC_URL: `http://127.0.0.1:${await freePort()}`,
    PARTY_ENV: "local",
  });
  route = await import("../../../app/routes/api.calls.$operation");
  disclosures = await import("../../../app/models/disclosures.server");
  ({ resetPostGuard } = await import("../../../app/utils/post-guard.server"));
});

afterAll(async () => {
  const { closeDb } = await import("../../../db/client.server");
  await closeDb();
  await database?.drop();
});

beforeEach(() => resetPostGuard());

async function post(operation: string, body: object) {
  const request = new Request(`http://app.test/api/calls/${operation}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const response = await route.action({ request, params: { operation }, context: {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const newAccount = () => privateKeyToAccount(generatePrivateKey()).address;

it("refuses an application from an account that has not confirmed /before-applying: 403, naming the page", async () => {
  const from = newAccount();
  const { status, body } = await post("applyForChapterMembership", { from, args: { chapterId: "1" } });
  expect(status).toBe(403);
  expect(body).toEqual({
    message: "Before you apply, read what goes on chain for good and confirm it once: /before-applying",
    key: "refusals.apply.disclosure",
    values: { page: "/before-applying" },
  });
});

it("lets a confirmed account's application on to the chain's preflight", async () => {
  const from = newAccount();
  await disclosures.confirmDisclosure(from, "de");
  const { status, body } = await post("applyForChapterMembership", { from, args: { chapterId: "1" } });
  // The chain of this test does not answer: past the gate, the preflight's 503.
  expect(status, JSON.stringify(body)).toBe(503);
  expect(body.key).not.toBe("refusals.apply.disclosure");
});

it("asks nothing of other operations, and checks the input first", async () => {
  const from = newAccount();
  expect((await post("leaveChapter", { from, args: {} })).status).toBe(503);
  expect((await post("applyForChapterMembership", { from, args: { chapterId: "x" } })).status).toBe(400);
});

it("says the database is out of reach: 503", async () => {
  const { closeDb } = await import("../../../db/client.server");
  await closeDb();
  process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${await freePort()}/none`;
  const { status, body } = await post("applyForChapterMembership", { from: newAccount(), args: { chapterId: "1" } });
  expect(status).toBe(503);
  expect(body.key).toBe("errors.status.503");
});
