/**
 * What /verify checked, in the order it checks (app/services/proofs.server.ts): the proof decodes,
 * the signature is the signer's (and how it was checked), a membership proof's age, and the
 * signer's standing now. Each step says whether it passed, failed, could not be checked, or was
 * not reached because an earlier one failed (`data-check`, `data-state`).
 */
import { useI18n } from "../i18n/use-i18n";
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

const METHOD_KEYS: Record<SignatureMethod, string> = {
  eoa: "proofChecks.method.eoa",
  erc1271: "proofChecks.method.erc1271",
  erc6492: "proofChecks.method.erc6492",
};

const STATE_MARK: Record<State, string> = { passed: "✓", failed: "✗", unavailable: "?", "not reached": "–" };
const STATE_KEYS: Record<State, string> = {
  passed: "proofChecks.state.passed",
  failed: "proofChecks.state.failed",
  unavailable: "proofChecks.state.unavailable",
  "not reached": "proofChecks.state.notReached",
};

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
  const { t } = useI18n();
  const signed = {
    signer: result.signer ?? t("proofChecks.theSigner"),
    what: kind === "social" ? t("proofChecks.signedMessage") : t("proofChecks.signedTypedData", { contract }),
  };
  const text: Record<Step, string> = {
    decoded: t("proofChecks.decoded"),
    signature: result.method ? t("proofChecks.signatureHow", { ...signed, how: t(METHOD_KEYS[result.method]) }) : t("proofChecks.signature", signed),
    age: t("proofChecks.age", { count: maxAgeDays }),
    member: t("proofChecks.member"),
    chapter: t("proofChecks.chapter", { chapterId: result.proof?.chapterId ?? "" }),
  };
  const shown = DECODE_FAILURES.includes(result.reason as ProofFailure) ? (["decoded"] as Step[]) : steps;
  return (
    <>
      <h3>{t("proofChecks.heading")}</h3>
      <ol className="proof-checks">
        {shown.map((step) => (
          <li key={step} data-check={step} data-state={state[step]}>
            <span aria-label={t(STATE_KEYS[state[step]])}>{STATE_MARK[state[step]]}</span> {text[step]}
            {state[step] === "not reached" ? <span className="muted"> {t("proofChecks.notReached")}</span> : null}
          </li>
        ))}
      </ol>
    </>
  );
}
