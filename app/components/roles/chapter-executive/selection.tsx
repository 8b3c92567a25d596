/**
 * The review queue's row checkboxes, and which of them are ticked: the queue's table renders the
 * boxes, "Approve selected" / "Reject selected" (./forms.client.tsx) reads them.
 */
import { useI18n } from "../../../i18n/use-i18n";

const SELECTED_APPLICANT = "selected-applicant";

/** A queue row's checkbox. */
export function SelectApplicant({ account }: { account: string }) {
  const { t } = useI18n();
  return <input type="checkbox" name={SELECTED_APPLICANT} value={account} aria-label={t("queue.select", { account })} />;
}

/** The applicants whose row checkbox is ticked; the checkboxes sit in the table, outside the decision's form. */
export const selectedApplicants = () =>
  [...document.querySelectorAll<HTMLInputElement>(`input[name="${SELECTED_APPLICANT}"]:checked`)].map((input) => input.value);
