/**
 * An operation's args checked in the browser with its own zod schema (the one /api/calls checks
 * again on the server), the first problem said in the page's language: "Konto: ist erforderlich".
 * The field is named by the form's label for it where the form gives one, by its path otherwise.
 */
import type { TFunction } from "i18next";
import { operations, type OperationName } from "../../calls";
import { fieldProblem } from "../../calls/issue";
import { inputIssue } from "../../calls/operation";

/** The form's labels by field path ("account", "chapters.0.location"); a path without one is shown as it is. */
export type FieldLabels = Readonly<Record<string, string>> | ((field: string) => string | undefined);

const labelOf = (labels: FieldLabels | undefined, field: string) => (typeof labels === "function" ? labels(field) : labels?.[field]);

/** The first problem with `args` in the language of `t`, or null when there is none. */
export function checkArgs(operation: OperationName, args: Record<string, unknown>, t: TFunction, labels?: FieldLabels): string | null {
  const parsed = operations[operation].schema.safeParse(args);
  if (parsed.success) return null;
  const { field, said } = inputIssue(parsed.error, []);
  return fieldProblem(t, labelOf(labels, field) ?? field, said);
}
