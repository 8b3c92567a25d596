/**
 * The stack the proof tests run on (tests/app/services/proofs.test.ts and
 * tests/app/routes/verify.test.ts): the whole local product (startStack: anvil with the demo data and the passkey account's
 * contracts, the indexer's read model, the production app server) and the app's own verifyProof
 * in this process, configured for it. `useProofsStack()` starts it before the calling file's
 * tests and stops it after; `stack` and `verifyProof` are set meanwhile (live bindings: read them
 * inside tests).
 */
import type { PrivateKeyAccount } from "viem";
import type { ProofVerification } from "../../../app/services/proofs.server";
import { encodeProof } from "../../../app/utils/proofs/codec";
import type { MembershipProof, Proof } from "../../../app/utils/proofs/proof";
import { proofSigner } from "../../../app/utils/proofs/signer";
import type { PartyAccount } from "../../../app/wallet/local/smart-account";
import { buildDemoPlan } from "../../../scripts/lib/demo-data/plan.js";
import { deployWalletInfra } from "../../../scripts/lib/wallet-infra.js";
import { ADMIN } from "../../fixtures/accounts.js";
import { startStack, type Stack } from "../../setup/stack.js";

export let stack: Stack;
export let verifyProof: typeof import("../../../app/services/proofs.server").verifyProof;
let closeDb: () => Promise<void>;

export function useProofsStack() {
  beforeAll(async () => {
    stack = await startStack();
    await deployWalletInfra({ rpcUrl: stack.rpcUrl, deployer: ADMIN });
    // The app reads its configuration from process.env, lazily; set it before the first import.
    Object.assign(process.env, {
      DATABASE_URL: stack.databaseUrl,
      READ_MODEL_SCHEMA: stack.viewsSchema,
      INDEXER_URL: stack.indexer.url,
      CHAIN_RPC_URL: stack.rpcUrl,
    });
    ({ verifyProof } = await import("../../../app/services/proofs.server"));
    ({ closeDb } = await import("../../../db/client.server"));
  });
  afterAll(async () => {
    await closeDb?.();
    await stack?.stop();
  });
}

const plan = buildDemoPlan();
/** Chapter 1 (Berlin): an executive, and a founder who is party executive. */
export const executive = plan.chapters[0]!.executives[0]!;
export const partyExecutive = plan.chapters[0]!.founders[0]!;
export const now = () => Math.floor(Date.now() / 1000);

export async function membershipProof(account: PrivateKeyAccount | PartyAccount, signedAt = now()): Promise<MembershipProof> {
  return proofSigner(account)("membership", { verifyingContract: stack.address, signedAt });
}

export async function verify(proof: Proof | string): Promise<ProofVerification> {
  return verifyProof(typeof proof === "string" ? proof : await encodeProof(proof));
}
