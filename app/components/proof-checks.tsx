/**
 * What /verify checked, in the order it checks (app/services/proofs.server.ts): the proof decodes,
 * the signature is the signer's (and how it was checked), a membership proof's age, and the
 * signer's standing now. Each step says whether it passed, failed, could not be checked, or was
 * not reached because an earlier one failed (`data-check`, `data-state`).
 */
import type { ProofFailure, SignatureMethod } from "../services/proofs.server";

type State = "passed" | "failed" | "unavailable" | "not reached";
type Step = "decoded" | "signature" | "age" | "member" | "chapter";

/** The outcome as the page has it (loader data). */
export type CheckedProof = {
  ok: boolean;
  reason?: ProofFailure;
  proof?: { kind: "membership" | "social"; chapterId?: string };
  signer?: string;
  method?: SignatureMethod;
};

const DECODE_FAILURES: readonly ProofFailure[] = ["malformed", "unknown-kind", "decompression", "bad-json", "bad-fields"];
/** The step each failure stops at. */
const FAILED_AT: Record<Exclude<ProofFailure, "unavailable">, Step> = {
  malformed: "decoded",
  "unknown-kind": "decoded",
  decompression: "decoded",
  "bad-json": "decoded",
  "bad-fields": "decoded",
  "signature-invalid": "signature",
  future: "age",
  expired: "age",
  "not-member": "member",
  "not-in-chapter": "chapter",
};

const METHOD_TEXT: Record<SignatureMethod, string> = {
  eoa: "recovered from the signature: the signer is a plain key (an EOA).",
  erc1271: "the signer is a smart account on the chain, and its isValidSignature accepted the signature (ERC-1271).",
  erc6492:
    "the signer's smart account was not on the chain when it signed: the signature carries the account's deployment, which the check simulates before asking its isValidSignature (ERC-6492).",
};

const STATE_MARK: Record<State, string> = { passed: "✓", failed: "✗", unavailable: "?", "not reached": "–" };

function states(result: CheckedProof, steps: Step[]): Record<Step, State> {
  // "unavailable" is the signature's step until a method is known, the standing's after.
  const stopped: Step | undefined =
    result.reason === "unavailable" ? (result.method ? "member" : "signature") : result.reason ? FAILED_AT[result.reason] : undefined;
  const at = stopped ? steps.indexOf(stopped) : steps.length;
  const failed: State = result.reason === "unavailable" ? "unavailable" : "failed";
  return Object.fromEntries(steps.map((step, i) => [step, i < at ? "passed" : i === at ? failed : "not reached"])) as Record<Step, State>;
}

export function ProofChecks({ result, contract, maxAgeDays }: { result: CheckedProof; contract: string; maxAgeDays: number }) {
  const kind = result.proof?.kind;
  const steps: Step[] = kind === "social" ? ["decoded", "signature", "member", "chapter"] : ["decoded", "signature", "age", "member"];
  const state = states(result, steps);
  const text: Record<Step, string> = {
    decoded: "Decoded: the text after pm1. or sv1. is base64url of deflate-compressed JSON, and every field is well formed.",
    signature: `Signature: ${result.signer ?? "the signer"} signed ${
      kind === "social" ? "the message shown (personal_sign, EIP-191)" : `the typed data MembershipProof(signer, signedAt), domain Party, version 1, chain 137, contract ${contract}`
    }${result.method ? `; ${METHOD_TEXT[result.method]}` : "."}`,
    age: `Age: signed at most ${maxAgeDays} days ago, and not in the future (5 minutes of clock difference allowed).`,
    member: "Member: the signer is a member of the party or of a chapter now, as the party's read model says.",
    chapter: `Chapter: the signer is a member of chapter ${result.proof?.chapterId ?? ""} now.`,
  };
  const shown = DECODE_FAILURES.includes(result.reason as ProofFailure) ? (["decoded"] as Step[]) : steps;
  return (
    <>
      <h3>What was checked</h3>
      <ol className="proof-checks">
        {shown.map((step) => (
          <li key={step} data-check={step} data-state={state[step]}>
            <span aria-label={state[step]}>{STATE_MARK[state[step]]}</span> {text[step]}
            {state[step] === "not reached" ? <span className="muted"> (not reached)</span> : null}
          </li>
        ))}
      </ol>
    </>
  );
}
