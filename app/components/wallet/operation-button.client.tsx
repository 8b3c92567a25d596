/**
 * The write buttons. Each press: the member's account (SPEC 8: passkey login and reload when
 * there is none), the unsigned calls from POST /api/calls/:operation ("Transaction reverted:
 * <Name>" on 422), one batched user operation, then the lifecycle (signed, included, indexed,
 * final) under the button; once indexed the page's loaders run again so the new row shows.
 * The write code itself (app/wallet/operations.ts) is fetched on the first press.
 */
import { useRevalidator } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { OperationName } from "../../calls";
import { explainError, localizeSpecText, type SpecText } from "../../i18n/spec-texts";
import { useI18n } from "../../i18n/use-i18n";
import type { OperationProgress } from "../../wallet/operations";
import { checkArgs, type FieldLabels } from "./check-args";
import { useWallet } from "./use-wallet";

/** What the status line says at each step; the two with details are in progressText. */
const PROGRESS_KEYS: Record<Exclude<OperationProgress["status"], "included" | "failed">, string> = {
  preparing: "wallet.progress.preparing",
  signing: "wallet.progress.signing",
  signed: "wallet.progress.signed",
  indexed: "wallet.progress.indexed",
  final: "wallet.progress.final",
  stuck: "wallet.progress.stuck",
  replaced: "wallet.progress.replaced",
};

function progressText(progress: OperationProgress, t: TFunction): string {
  if (progress.status === "included") return t("wallet.progress.included", { block: progress.blockNumber ?? "?" });
  if (progress.status === "failed") return localizeSpecText(progress.error, t);
  return t(PROGRESS_KEYS[progress.status]);
}

/** `invalid`: the args' first problem, found in the browser before anything is sent, in the page's language. */
type RunState = { progress: OperationProgress | null; error: SpecText | null; invalid: string | null; running: boolean };

/**
 * Runs one operation at a time and keeps its progress; revalidates the page once it is indexed.
 * The args are checked first with the operation's schema (`labels` name the fields as the form does).
 */
export function useOperation(operation: OperationName, labels?: FieldLabels) {
  const { controller } = useWallet();
  const revalidator = useRevalidator();
  const { t } = useI18n();
  const [state, setState] = useState<RunState>({ progress: null, error: null, invalid: null, running: false });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  /** Whether `args` may be sent: a form's own problem (`own`, in its words) or the schema's is shown instead. */
  function check(args: Record<string, unknown>, own: string | null = null): boolean {
    const invalid = own ?? checkArgs(operation, args, t, labels);
    setState((s) => ({ ...s, invalid }));
    return invalid === null;
  }

  async function run(args: Record<string, unknown>) {
    if (!controller || state.running || !check(args)) return;
    // A new press ends the previous operation's wait for "final" (it is indexed by now).
    abort.current?.abort();
    const signal = (abort.current = new AbortController()).signal;
    setState({ progress: null, error: null, invalid: null, running: true });
    let revalidated = false;
    const onProgress = (progress: OperationProgress) => {
      if (signal.aborted) return;
      // Indexed: the page can show it, so the button is free again; "final" still shows when it comes.
      const settled = progress.status === "indexed" || progress.status === "final";
      setState((s) => ({ ...s, progress, running: s.running && !settled }));
      if (settled && !revalidated) {
        revalidated = true;
        revalidator.revalidate();
      }
    };
    try {
      const { wallet, address } = await controller.requireWallet();
      const { runOperation } = await import("../../wallet/operations");
      await runOperation({ wallet, from: address, operation, args, onProgress, signal });
      // Included without the server's record (see operations.ts): the page may already show it.
      if (!revalidated) revalidator.revalidate();
      setState((s) => ({ ...s, running: false }));
    } catch (error) {
      if (signal.aborted) return;
      const { describeWalletError } = await import("../../wallet/describe-error");
      setState((s) => ({ ...s, error: describeWalletError(error), running: false }));
    }
  }

  return { ...state, check, run, ready: controller !== null };
}

/** The args' problem, or the operation's lifecycle, or its error: SPEC 8's text, then the plain sentence for a contract error. */
export function Status({ state }: { state: Pick<RunState, "progress" | "error"> & Partial<Pick<RunState, "invalid">> }) {
  const { t } = useI18n();
  const explanation = state.error ? explainError(state.error, t) : undefined;
  if (state.invalid)
    return (
      <span role="alert" data-status="invalid">
        {state.invalid}
      </span>
    );
  return (
    <>
      {state.progress && !state.error ? (
        <output className="operation-status" data-status={state.progress.status}>
          {progressText(state.progress, t)}
        </output>
      ) : null}
      {state.error ? (
        <span role="alert" data-status="failed">
          <span className="error-text">{localizeSpecText(state.error, t)}</span>
          {explanation ? <span className="error-explanation"> {explanation}</span> : null}
        </span>
      ) : null}
    </>
  );
}

export type OperationButtonProps = {
  operation: OperationName;
  args: Record<string, unknown>;
  children: ReactNode;
};

/** A button that sends one operation with fixed arguments (Apply, Approve, Reject, Recommend, Accept). */
export function OperationButton({ operation, args, children }: OperationButtonProps) {
  const op = useOperation(operation);
  return (
    <span className="operation" data-operation={operation}>
      <button type="button" disabled={!op.ready || op.running} onClick={() => void op.run(args)}>
        {children}
      </button>
      <Status state={op} />
    </span>
  );
}
