/**
 * Verifying a proof string (app/utils/proofs/): decode it, check the signature on chain 137
 * with viem (an EOA, a deployed smart account through ERC-1271, or an undeployed one through
 * ERC-6492), check its age, and read the signer's current chapter and roles from the read model.
 * The answer is either valid, with the signer's standing, or exactly why not.
 */
import { sql } from "drizzle-orm";
import { getAddress, isErc6492Signature, type Address, type Hex, type PublicClient } from "viem";
import { message, type Message } from "../i18n/message";
import { partyAddress } from "../ground/env.server";
import { englishOf } from "../utils/http.server";
import { chainClient } from "./chain.server";
import { decodeProof, type ProofDecodeFailure } from "../utils/proofs/codec";
import { MEMBERSHIP_PROOF_MAX_AGE_SECONDS, PROOF_MAX_FUTURE_SECONDS, type Proof } from "../utils/proofs/proof";
import { membershipProofTypedData, socialVerificationMessage } from "../utils/proofs/signed-data";
import { firstRow, views } from "../../db/query.server";
import type { MemberStatus } from "../ground/format";

// For /verify's loader: taken from here, the page's browser code imports nothing of utils/proofs/ (nor viem).
export { MAX_ENCODED_PROOF_LENGTH } from "../utils/proofs/codec";
export { SOCIAL_SERVICES, MEMBERSHIP_PROOF_MAX_AGE_SECONDS } from "../utils/proofs/proof";

export type ProofFailure =
  | ProofDecodeFailure
  | "signature-invalid"
  | "future"
  | "expired"
  | "not-member"
  | "not-in-chapter"
  /** The chain or the read model could not be asked: nothing is known to be wrong with the proof. */
  | "unavailable";

/** The signer as the read model knows it now. */
export type SignerStanding = {
  account: Address;
  /** Whether the contract has ever seen this account. */
  known: boolean;
  status: MemberStatus;
  /** Current chapter (or the last one for left/removed). */
  chapterId: string | null;
  chapterLocation: string | null;
  partyMember: boolean;
  partyExecutive: boolean;
  executiveOf: string | null;
  centralCommitteeOf: string[];
  /** A chapter member or a party member. */
  isMember: boolean;
};

/**
 * How the signature was checked: recovered as an externally owned account's, by the deployed
 * account's ERC-1271 isValidSignature, or (ERC-6492) by deploying the account in the check first.
 */
export type SignatureMethod = "eoa" | "erc1271" | "erc6492";

export type ProofVerification =
  | { ok: true; proof: Proof; signer: Address; signedMessage: string | null; method: SignatureMethod; standing: SignerStanding }
  | {
      ok: false;
      reason: ProofFailure;
      /** Why, in English. */
      message: string;
      /** Why, as a keyed message: /verify shows it in the page's language. */
      text: Message;
      /** The decoded proof, when it decoded. */
      proof?: Proof;
      signer?: Address;
      signedMessage?: string | null;
      /** Known when the signature was valid. */
      method?: SignatureMethod;
      /** Known when the signature was valid and the read model answered. */
      standing?: SignerStanding;
    };

export type VerifyProofOptions = {
  /** Unix milliseconds; Date.now() when unset. */
  now?: number;
  client?: PublicClient;
  /** The EIP-712 verifying contract; the party contract of PARTY_ENV when unset. */
  verifyingContract?: Address;
};

/** A failure that says why as `text`, and in English as its `message` unless given one. */
const failure = <T extends object>(reason: ProofFailure, text: Message, rest: T, english = englishOf(text)) =>
  ({ ok: false as const, reason, message: english, text, ...rest });

export async function verifyProof(encoded: string, options: VerifyProofOptions = {}): Promise<ProofVerification> {
  const decoded = await decodeProof(encoded);
  if (!decoded.ok) return decoded;
  const { proof } = decoded;
  const client = options.client ?? chainClient();
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);

  // Proofs carry lower-case addresses; what a person reads is checksummed.
  const signer = getAddress(proof.kind === "membership" ? proof.signer : proof.account);
  const signedMessage = proof.kind === "social" ? socialVerificationMessage(proof) : null;
  const base = { proof, signer, signedMessage };

  let valid: boolean;
  let method: SignatureMethod | undefined;
  try {
    valid =
      proof.kind === "membership"
        ? await client.verifyTypedData({
            address: signer,
            signature: proof.signature,
            ...membershipProofTypedData(options.verifyingContract ?? partyAddress(), proof),
          })
        : await client.verifyMessage({ address: signer, message: signedMessage!, signature: proof.signature });
    // viem reports a failed eth_call as "not valid": make sure the chain answered at all.
    if (!valid) await client.getChainId();
    else method = await signatureMethod(client, signer, proof.signature);
  } catch {
    return failure("unavailable", message("refusals.proof.chainUnavailable"), base);
  }
  if (!valid) {
    return failure("signature-invalid", message(proof.kind === "social" ? "verify.reason.signatureMessage" : "verify.reason.signatureProof", { signer }), base);
  }

  const checked = { ...base, method: method! };

  if (proof.kind === "membership") {
    const time = isoTime(proof.signedAt);
    if (proof.signedAt > nowSeconds + PROOF_MAX_FUTURE_SECONDS) return failure("future", message("verify.reason.future", { time }), checked);
    if (nowSeconds - proof.signedAt > MEMBERSHIP_PROOF_MAX_AGE_SECONDS) {
      return failure("expired", message("verify.reason.expired", { time, count: MEMBERSHIP_PROOF_MAX_AGE_SECONDS / 86_400 }), checked);
    }
  }

  let standing: SignerStanding;
  try {
    standing = await getSignerStanding(signer);
  } catch (error) {
    if (error instanceof Response) {
      const reason = await error.text().catch(() => "");
      // The English keeps the database's own words; other languages say what the error page says of a 503.
      const english = `The signature is valid, but the member data could not be read. ${reason}`.trim();
      return failure("unavailable", message("refusals.proof.standingUnavailable"), checked, english);
    }
    throw error;
  }
  if (!standing.isMember) {
    return failure("not-member", message("verify.reason.notMember", { signer }), { ...checked, standing });
  }
  if (proof.kind === "social" && !(standing.status === "member" && standing.chapterId === proof.chapterId)) {
    return failure("not-in-chapter", message("verify.reason.notInChapter", { signer, chapterId: proof.chapterId }), { ...checked, standing });
  }
  return { ok: true, ...checked, standing };
}

/** Which way the signature verified (see {@link SignatureMethod}). */
async function signatureMethod(client: PublicClient, signer: Address, signature: Hex): Promise<SignatureMethod> {
  if (isErc6492Signature(signature)) return "erc6492";
  return (await client.getCode({ address: signer })) ? "erc1271" : "eoa";
}

const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");

type StandingRow = Omit<SignerStanding, "known" | "isMember" | "account">;

export async function getSignerStanding(account: Address): Promise<SignerStanding> {
  const row = await firstRow<StandingRow>(sql`
    select m.chapter_id::text as "chapterId",
      (select location_text from ${views}.chapters where id = m.chapter_id) as "chapterLocation",
      m.status, m.party_member as "partyMember", m.party_executive as "partyExecutive", m.executive_of::text as "executiveOf",
      (select coalesce(json_agg(id::text order by id), '[]') from ${views}.chapters
        where central_committee_member = m.account) as "centralCommitteeOf"
    from ${views}.members m
    where m.account = ${account.toLowerCase()}`);
  if (!row) {
    return {
      account,
      known: false,
      status: "none",
      chapterId: null,
      chapterLocation: null,
      partyMember: false,
      partyExecutive: false,
      executiveOf: null,
      centralCommitteeOf: [],
      isMember: false,
    };
  }
  return { account, known: true, ...row, isMember: row.status === "member" || row.partyMember };
}
