/**
 * A form that sends one operation: its fields are read into the operation's args, checked in the
 * browser with the operation's own zod schema (the one /api/calls checks again on the server),
 * and sent like the buttons (./operation-button.client.tsx) with the lifecycle under it. The
 * fields are the form's own inputs, so what the user typed stays there on any error. With
 * `confirm`, the first press asks first and says what is lost.
 *
 *   <OperationForm operation="removeMemberFromChapter" args={() => ({ account })} confirm="…" submit="Remove" />
 */
import { useState, type FormEvent, type ReactNode } from "react";
import type { OperationName } from "../../calls";
import { useI18n } from "../../i18n/use-i18n";
import type { FieldLabels } from "./check-args";
import { Status, useOperation } from "./operation-button.client";

export type OperationFormProps = {
  operation: OperationName;
  /** The args, from the form's fields and the button pressed (its name and value are in the FormData). */
  args: (form: FormData) => Record<string, unknown>;
  /** A check of the form's own before the schema's, in the form's words and the page's language (e.g. "Zeile 3: …"); null when fine. */
  check?: (form: FormData) => string | null;
  /** The fields' labels by path, to name a field in the schema's problem ("Konto: ist erforderlich"); else its path. */
  labels?: FieldLabels;
  /** The submit buttons' text; several for one form (Approve / Reject) with `name`/`value` set by the caller in `children`. */
  submit?: ReactNode;
  /** Shown before sending, with Confirm and Cancel: what the operation takes away. */
  confirm?: ReactNode;
  /** The fields; a function gets whether the form's own buttons are disabled now (for extra submit buttons). */
  children?: ReactNode | ((state: { disabled: boolean }) => ReactNode);
  className?: string;
};

type Pending = { args: Record<string, unknown> } | null;

export function OperationForm({ operation, args, check, labels, submit, confirm, children, className }: OperationFormProps) {
  const op = useOperation(operation, labels);
  const { t } = useI18n();
  const [asking, setAsking] = useState<Pending>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget, submitter instanceof HTMLElement ? submitter : null);
    const values = args(form);
    if (!op.check(values, check?.(form))) return;
    if (confirm) setAsking({ args: values });
    else void op.run(values);
  };
  const confirmed = () => {
    if (asking) void op.run(asking.args);
    setAsking(null);
  };

  const disabled = !op.ready || op.running || asking !== null;
  return (
    <form className={["operation", "operation-form", className].filter(Boolean).join(" ")} data-operation={operation} onSubmit={onSubmit} noValidate>
      {typeof children === "function" ? children({ disabled }) : children}
      {submit ? (
        <button type="submit" disabled={disabled}>
          {submit}
        </button>
      ) : null}
      {asking ? (
        <span className="confirm" role="group" aria-label={t("forms.confirm")}>
          <span className="confirm-text">{confirm}</span>{" "}
          <button type="button" onClick={confirmed}>
            {t("forms.confirm")}
          </button>{" "}
          <button type="button" onClick={() => setAsking(null)}>
            {t("forms.cancel")}
          </button>
        </span>
      ) : null}
      <Status state={op} />
    </form>
  );
}
