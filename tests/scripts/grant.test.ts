/**
 * Local roles for a newcomer (issue #13): grantRole (app/services/dev-roles.server.ts) gives each
 * role, seen through the contract's getters and, for two of them, on the indexed pages; the
 * accounts are fresh addresses with no code, whose nonce must stay 0 (a passkey account deployed
 * later needs it). `npm run grant` prints what it did, and exits non-zero with a clear message on
 * a bad address, role or chapter, or outside PARTY_ENV=local. Handing over the party admin is last:
 * the local admin can then grant only member and chapter-executive.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { getAddress, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { LOCAL_ADMIN } from "../../abis/deployments.js";
import { GrantError, grantRole, type GrantParameters } from "../../app/services/dev-roles.server.js";
import { ROOT } from "../../scripts/lib/paths.js";
import { startStack, type Stack } from "../setup/stack.js";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ seed: true });
});
afterAll(() => stack?.stop());

const fresh = () => privateKeyToAccount(generatePrivateKey());
const grant = (account: Address, role: GrantParameters["role"], chapterId?: bigint) =>
  grantRole({ rpcUrl: stack.rpcUrl, party: stack.address, account, role, chapterId });

/** The account sent nothing of its own as far as the chain can tell: nonce 0, no balance left over. */
async function untouched(account: Address) {
  const { publicClient } = stack;
  return { nonce: await publicClient.getTransactionCount({ address: account }), balance: await publicClient.getBalance({ address: account }) };
}

function runGrant(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/grant.ts", ...args], {
      cwd: ROOT,
      env: { NODE_ENV: "test", PATH: process.env.PATH!, HOME: process.env.HOME!, CHAIN_RPC_URL: stack.rpcUrl, PARTY_ENV: "local", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("grantRole", () => {
  const pe = fresh();
  const minter = fresh();

  it("member: the account applies and a party executive approves it; its nonce stays 0", async () => {
    const account = fresh().address;
    const result = await grant(account, "member", 2n);
    expect(await stack.read.read.memberChapter([account])).toBe(2n);
    expect(result.done.join("\n")).toMatch(/applied to chapter 2[\s\S]*approved it: .* joined chapter 2/);
    expect(await untouched(account)).toEqual({ nonce: 0, balance: 0n });
    // Again: nothing to send.
    expect((await grant(account, "member", 2n)).done).toEqual([`nothing to send: ${account} is already a member of chapter 2`]);
  });

  it("chapter-executive: joins the chapter first, then is promoted", async () => {
    const account = fresh().address;
    await grant(account, "chapter-executive", 3n);
    expect([await stack.read.read.memberChapter([account]), await stack.read.read.chapterExecutiveOf([account])]).toEqual([3n, 3n]);
    expect(await untouched(account)).toEqual({ nonce: 0, balance: 0n });
  });

  it("party-executive: joins chapter 1 (no chapter given), then the local admin promotes it", async () => {
    const result = await grant(pe.address, "party-executive");
    expect([await stack.read.read.partyMember([pe.address]), await stack.read.read.partyExecutive([pe.address]), await stack.read.read.memberChapter([pe.address])]).toEqual([true, true, 1n]);
    expect(result.done.at(-1)).toMatch(/^the local admin promoted .* to party executive \(transaction 0x[0-9a-f]{64}\)$/);
  });

  it("chapter-admin, evaluation-minter and info-sender move from the local admin to the account", async () => {
    const account = fresh().address;
    await grant(account, "chapter-admin");
    await grant(minter.address, "evaluation-minter");
    const result = await grant(account, "info-sender");
    expect(result.done).toEqual([expect.stringMatching(new RegExp(`^the local admin moved the info sender role from ${LOCAL_ADMIN} to ${account} `))]);
    expect([await stack.read.read.chapterAdmin(), await stack.read.read.evaluationMinter(), await stack.read.read.infoSender()]).toEqual([account, minter.address, account]);
  });

  it("the indexed pages show the party executive and the evaluation minter", async () => {
    await stack.waitForIndexer();
    const member = await (await fetch(`${stack.appUrl}/members/${pe.address}`)).text();
    expect(member).toContain("<li>Party executive</li>");
    const party = await (await fetch(`${stack.appUrl}/party`)).text();
    expect(party).toMatch(new RegExp(`${minter.address.toLowerCase()}|${minter.address}`));
  });

  it("refuses what the chain's state does not allow, sending nothing", async () => {
    const account = fresh().address;
    await expect(grant(account, "member", 999n)).rejects.toThrow(new GrantError("chapter 999 does not exist"));
    await grant(account, "member", 4n);
    await expect(grant(account, "chapter-executive", 5n)).rejects.toThrow(`${account} is a member of chapter 4, not 5: ask for chapter 4, or leave it first`);
    expect(await stack.read.read.chapterExecutiveOf([account])).toBe(0n);
  });
});

describe("npm run grant", () => {
  it("gives a role and prints what it did", async () => {
    const account = fresh().address;
    const { code, stdout } = await runGrant([account.toLowerCase(), "member", "5"]);
    expect(code).toBe(0);
    expect(stdout).toContain(`member for ${account} (chapter 5):`);
    expect(stdout).toMatch(/ - .* applied to chapter 5 \(transaction 0x[0-9a-f]{64}\)\n {2}- party executive 0x[0-9a-fA-F]{40} approved it/);
    expect(await stack.read.read.memberChapter([account])).toBe(5n);
  });

  it("exits non-zero with a clear message on a bad address, role or chapter, and outside PARTY_ENV=local", async () => {
    const account = fresh().address;
    const runs = await Promise.all([
      runGrant(["0x1234", "member"]),
      runGrant([account, "king"]),
      runGrant([account, "member", "abc"]),
      runGrant([account, "member", "999"]),
      runGrant([account]),
      runGrant([account, "member"], { PARTY_ENV: "production" }),
    ]);
    expect(runs.map((r) => r.code)).toEqual([1, 1, 1, 1, 2, 1]);
    expect(runs[0]!.stderr).toContain(`the account must be 0x followed by 40 hex digits, got "0x1234"`);
    expect(runs[1]!.stderr).toContain(`the role must be one of member, chapter-executive, party-executive, chapter-admin, evaluation-minter, info-sender, party-admin, got "king"`);
    expect(runs[2]!.stderr).toContain(`the chapter id must be a whole number from 1, got "abc"`);
    expect(runs[3]!.stderr).toContain("npm run grant: chapter 999 does not exist");
    expect(runs[4]!.stderr).toContain("usage: npm run grant -- <address> <role> [chapterId]");
    expect(runs[5]!.stderr).toContain("npm run grant works only on the local chain (PARTY_ENV=local), not PARTY_ENV=production");
    for (const run of runs) expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await stack.read.read.memberChapter([account])).toBe(0n);
  });
});

describe("handing over the party admin", () => {
  it("is proposed, the account accepts; the local admin then gives only member and chapter-executive", async () => {
    const next = fresh();
    const result = await grant(next.address, "party-admin");
    expect(await stack.read.read.pendingPartyAdmin()).toBe(next.address);
    expect(await stack.read.read.partyAdmin()).toBe(getAddress(LOCAL_ADMIN));
    expect(result.next).toContain("Accept the party admin role");

    // What the browser's "Accept" sends (acceptPartyAdmin from the account).
    await stack.testClient.setBalance({ address: next.address, value: 10n ** 18n });
    await stack.send(next, "acceptPartyAdmin", []);
    expect(await stack.read.read.partyAdmin()).toBe(next.address);

    await expect(grant(fresh().address, "evaluation-minter")).rejects.toThrow(
      `the local admin ${LOCAL_ADMIN} is no longer the party admin (${next.address} is), so it cannot give evaluation-minter`,
    );
    const account = fresh().address;
    await grant(account, "chapter-executive", 6n);
    expect(await stack.read.read.chapterExecutiveOf([account])).toBe(6n);
  });
});
