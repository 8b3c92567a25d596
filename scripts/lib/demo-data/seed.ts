/**
 * Seeds the demo data onto the local chain once: checks what is there, funds the demo accounts,
 * and sends the planned transactions phase by phase.
 */
import { parseEther, type Address } from "viem";
import { partyAbi } from "../../../abis/party.js";
import { anvilAccount } from "../accounts.js";
import { createSeedClients } from "./clients.js";
import { PhaseRunner } from "./phase-runner.js";
import { buildDemoPlan, deriveDemoAccounts } from "./plan.js";
import { DEMO_SHAPE } from "./shape.js";
import { phases } from "./transactions.js";

export type SeedDemoDataParameters = { rpcUrl: string; address: Address };

const DEMO_BALANCE = parseEther("10000");

/**
 * Seeds the demo data once. Returns { seeded: false } when it is already there; throws when the
 * chain holds only part of it, since topping up an unknown state cannot be made deterministic.
 */
export async function seedDemoData({ rpcUrl, address }: SeedDemoDataParameters): Promise<{ seeded: boolean }> {
  const clients = createSeedClients(rpcUrl);
  const { publicClient, testClient } = clients;
  if (!(await publicClient.getCode({ address }))) {
    throw new Error(`no party contract at ${address} on ${rpcUrl}: deploy it before seeding`);
  }

  const read = <const name extends "chapterCount" | "evaluationCount" | "infoCount">(functionName: name) =>
    publicClient.readContract({ address, abi: partyAbi, functionName });
  const [chapterCount, evaluationCount, infoCount] = await Promise.all([
    read("chapterCount"),
    read("evaluationCount"),
    read("infoCount"),
  ]);
  // Info messages are sent last, in a phase of their own, so all of them means all the rest too.
  const complete =
    chapterCount >= BigInt(DEMO_SHAPE.chapters) &&
    evaluationCount >= BigInt(DEMO_SHAPE.evaluations) &&
    infoCount >= BigInt(DEMO_SHAPE.infoMessages);
  if (complete) return { seeded: false };
  if (chapterCount > 0n || evaluationCount > 0n || infoCount > 0n) {
    throw new Error(
      `the party contract at ${address} holds only part of the demo data ` +
        `(${chapterCount} chapters, ${evaluationCount} evaluations, ${infoCount} info messages), ` +
        `probably from an interrupted seed. Stop the chain, delete .data/anvil and start again.`,
    );
  }

  const admin = anvilAccount(0);
  const roles = await Promise.all(
    (["partyAdmin", "chapterAdmin", "evaluationMinter", "infoSender"] as const).map((functionName) =>
      publicClient.readContract({ address, abi: partyAbi, functionName }),
    ),
  );
  if (roles.some((holder) => holder.toLowerCase() !== admin.address.toLowerCase())) {
    throw new Error(`the demo seed needs ${admin.address} (anvil account 0) to hold every admin role of ${address}`);
  }

  await deriveDemoAccounts();
  const plan = buildDemoPlan();
  await Promise.all(
    plan.accounts.map((account) => testClient.setBalance({ address: account.address, value: DEMO_BALANCE })),
  );
  const runner = new PhaseRunner(clients, address);
  await runner.init();
  for (const [name, txs] of phases(plan, admin)) await runner.run(name, txs());
  return { seeded: true };
}
