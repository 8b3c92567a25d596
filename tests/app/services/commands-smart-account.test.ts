/**
 * POST /api/command signed by the member's passkey smart account (app/wallet/local), verified by
 * viem against the real chain: undeployed (ERC-6492 wrapped), deployed (ERC-1271), a passkey that
 * is not an owner, and what happens while the chain is unreachable.
 */
import { isErc6492Signature, serializeErc6492Signature, type Address, type Hex } from "viem";
import { toPartyAccount, type PartyAccount } from "../../../app/wallet/local/smart-account.js";
import { commandRequestBody, commandTypedData, newCommandMessage, type CommandName } from "../../../app/utils/command-typed-data.js";
import { deployWalletInfra } from "../../../scripts/lib/wallet-infra.js";
import { ADMIN, ALICE } from "../../fixtures/accounts.js";
import { createSoftwarePasskey } from "../../fixtures/software-passkey.js";
import { freshSignedAt, post, signedBody, tokenFrom, unsignedBody, useIdentity } from "../../setup/identity.js";
import { LOCAL_WALLET } from "../../../abis/deployments.js";

const id = useIdentity();
let member: PartyAccount;
const memberKey = createSoftwarePasskey();
const strangerKey = createSoftwarePasskey();

beforeAll(async () => {
  await deployWalletInfra({ rpcUrl: id.tc.rpcUrl, deployer: ADMIN });
  member = await toPartyAccount({ client: id.tc.publicClient, owner: memberKey.account, ...LOCAL_WALLET });
});

async function signedByAccount(account: PartyAccount, name: CommandName, params: string[] = [], signer = account.address) {
  const message = { ...newCommandMessage(signer, name, params), signedAt: freshSignedAt() };
  const signature = await account.signTypedData(commandTypedData(id.party, message));
  return { message, signature, body: commandRequestBody(message, signature) };
}

describe("an account that is not deployed yet (ERC-6492)", () => {
  let replay: unknown;

  it("signs log_in with a wrapped signature, and the server accepts it", async () => {
    expect(await member.isDeployed()).toBe(false);
    const { signature, body } = await signedByAccount(member, "log_in");
    expect(isErc6492Signature(signature)).toBe(true);
    replay = body;

    const answer = await post(id.route, body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, command: "log_in", signer: member.address });
    const token = tokenFrom(answer.setCookie);
    // Verification is an eth_call: nothing was deployed.
    expect(await member.isDeployed()).toBe(false);

    const again = await post(id.route, unsignedBody(member.address, "log_in"), { token });
    expect(again.status).toBe(200);
  });

  it("refuses the same signature again (replay)", async () => {
    expect((await post(id.route, replay)).status).toBe(409);
  });

  it("refuses a signature by a passkey that is not an owner", async () => {
    const stranger = await toPartyAccount({ client: id.tc.publicClient, owner: strangerKey.account, ...LOCAL_WALLET });
    const { body } = await signedByAccount(stranger, "log_in", [], member.address);
    expect((await post(id.route, body)).status).toBe(401);
  });

  it("refuses a wrapped signature over another command", async () => {
    const { signature } = await signedByAccount(member, "log_in");
    const other = commandRequestBody({ ...newCommandMessage(member.address, "log_in"), signedAt: freshSignedAt() }, signature);
    expect((await post(id.route, other)).status).toBe(401);
  });
});

describe("while the chain is unreachable", () => {
  afterEach(() => id.proxy.restore());

  it("a smart-account signature cannot be checked: 503, and the digest stays unused", async () => {
    const { body } = await signedByAccount(member, "log_in");
    id.proxy.cut();
    const answer = await post(id.route, body);
    expect(answer.status).toBe(503);
    expect(answer.body.message).toMatch(/chain is not reachable/);
    id.proxy.restore();
    expect((await post(id.route, body)).status).toBe(200);
  });

  it("an EOA signature is still checked (ecrecover, no RPC)", async () => {
    id.proxy.cut();
    const { body } = await signedBody(id.party, ALICE, "log_in");
    expect((await post(id.route, body)).status).toBe(200);
  });
});

describe("a deployed account (ERC-1271)", () => {
  // Once deployed, the account reports no factory arguments; keep them for the wrapped case.
  let factoryArgs: { factory: Address; factoryData: Hex };

  beforeAll(async () => {
    const { factory, factoryData } = await member.getFactoryArgs();
    factoryArgs = { factory: factory!, factoryData: factoryData! };
    const hash = await id.tc.walletFor(ALICE).sendTransaction({ to: factory!, data: factoryData! });
    await id.tc.waitFor(hash);
    expect(await member.isDeployed()).toBe(true);
  });

  it("signs a plain ERC-1271 signature, and the server accepts it", async () => {
    const { signature, body } = await signedByAccount(member, "log_in");
    expect(isErc6492Signature(signature)).toBe(false);
    const answer = await post(id.route, body);
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/^__Host-session=/);
  });

  it("still accepts an ERC-6492-wrapped signature from a client that thinks it is undeployed", async () => {
    const { message, signature } = await signedByAccount(member, "log_in");
    const wrapped: Hex = serializeErc6492Signature({ address: factoryArgs.factory, data: factoryArgs.factoryData, signature });
    expect((await post(id.route, commandRequestBody(message, wrapped))).status).toBe(200);
  });

  it("refuses a non-owner's signature for the deployed account", async () => {
    const strangerAsMember = await toPartyAccount({ client: id.tc.publicClient, owner: strangerKey.account, address: member.address, ...LOCAL_WALLET });
    const message = { ...newCommandMessage(member.address, "log_in"), signedAt: freshSignedAt() };
    const signature = await strangerAsMember.signTypedData(commandTypedData(id.party, message));
    expect(isErc6492Signature(signature)).toBe(false);
    expect((await post(id.route, commandRequestBody(message, signature))).status).toBe(401);
  });
});
