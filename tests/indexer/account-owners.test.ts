/**
 * The owner → account lookup: the indexer follows the local passkey factory's AccountCreated and
 * every created account's OwnersUpdated (Ponder's factory pattern), and the app's model
 * (app/models/account-owners.server.ts) answers which accounts a passkey owns and which passkeys
 * own an account. Accounts are created and changed without a bundler (tests/setup/account-owners.ts).
 */
import { sql } from "drizzle-orm";
import type { Address, Hex } from "viem";
import { deployWalletInfra } from "../../scripts/lib/wallet-infra.js";
import { ADMIN } from "../fixtures/accounts.js";
import { passkeyAccounts } from "../setup/account-owners.js";
import { useIndexerTest, type TestIndexer } from "./helpers.js";

const ctx = useIndexerTest();
let indexer: TestIndexer;
let accounts: ReturnType<typeof passkeyAccounts>;
let model: typeof import("../../app/models/account-owners.server");
let readModel: typeof import("../../db/query.server");

beforeAll(async () => {
  const infra = await deployWalletInfra({ rpcUrl: ctx.tc.rpcUrl, deployer: ADMIN });
  accounts = passkeyAccounts(ctx.tc, infra);
  indexer = await ctx.startIndexer();
  await indexer.waitReady(120_000);
  // db/query.server.ts reads READ_MODEL_SCHEMA when it is imported, db/client.server.ts DATABASE_URL on first use.
  process.env.DATABASE_URL = ctx.db.url;
  process.env.READ_MODEL_SCHEMA = indexer.viewsSchema;
  model = await import("../../app/models/account-owners.server.js");
  readModel = await import("../../db/query.server.js");
}, 180_000);

afterAll(async () => {
  const { closeDb } = await import("../../db/client.server.js");
  await closeDb();
});

const caughtUp = async () => indexer.waitForBlock(await ctx.tc.publicClient.getBlockNumber({ cacheTime: 0 }));
const lower = (account: Address) => account.toLowerCase() as Hex;
const ownerKeys = async (account: Address) => (await model.ownersOfAccount({ account })).map((o) => o.owner);

it("an account's first owners come from its creation, with the block they were added in", async () => {
  const [k1, k2] = accounts.newOwners(2);
  const account = await accounts.create([k1!, k2!]);
  const block = (await ctx.tc.publicClient.getBlock()).number;
  await caughtUp();

  const owners = await model.ownersOfAccount({ account });
  expect(owners.map((o) => o.owner).sort()).toEqual([k1, k2].sort());
  expect(owners.every((o) => o.addedBlock === String(block) && Number(o.addedAt) > 0)).toBe(true);
  expect(await model.accountsOfOwners({ owners: [k2!] })).toEqual([{ owner: k2, account: lower(account), addedBlock: String(block), addedAt: owners[0]!.addedAt }]);
  const { rows, views } = readModel;
  expect(await rows(sql`select created_block::text as "createdBlock" from ${views}.smart_accounts where account = ${lower(account)}`)).toEqual([
    { createdBlock: String(block) },
  ]);
});

it("follows added, removed and replaced owners: a removed key finds no account, an added one finds it", async () => {
  const [first, second, third] = accounts.newOwners(3);
  const account = await accounts.create([first!]);
  await accounts.updateOwners(account, [second!], []);
  const addedAt = (await ctx.tc.publicClient.getBlock()).number;
  await accounts.updateOwners(account, [third!], [first!]);
  await caughtUp();

  expect((await ownerKeys(account)).sort()).toEqual([second, third].sort());
  expect(await model.accountsOfOwners({ owners: [first!] })).toEqual([]);
  const [found] = await model.accountsOfOwners({ owners: [first!, second!] });
  expect(found).toMatchObject({ owner: second, account: lower(account), addedBlock: String(addedAt) });
  // Added back, it counts from its new addition.
  await accounts.updateOwners(account, [first!], []);
  await caughtUp();
  expect((await ownerKeys(account)).at(-1)).toBe(first);
});

it("a key on two accounts finds both, the one it was added to first first", async () => {
  const [own, other] = accounts.newOwners(2);
  const mine = await accounts.create([own!]);
  const theirs = await accounts.create([other!]);
  await accounts.updateOwners(theirs, [own!], []);
  await caughtUp();

  expect((await model.accountsOfOwners({ owners: [own!] })).map((a) => a.account)).toEqual([lower(mine), lower(theirs)]);
});

it("records each change of the owners as the account's activity, but not its creation", async () => {
  const [k, added] = accounts.newOwners(2);
  const account = await accounts.create([k!]);
  await caughtUp();
  const { rows, views } = readModel;
  const activity = () => rows(sql`select kind, actor from ${views}.activity where actor = ${lower(account)}`);
  expect(await activity()).toEqual([]);
  await accounts.updateOwners(account, [added!], []);
  await caughtUp();
  expect(await activity()).toEqual([{ kind: "OwnersUpdated", actor: lower(account) }]);
});
