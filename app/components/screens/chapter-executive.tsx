/**
 * The chapter executive's controls on the review queue and the chapter page, and the member's
 * Recommend there. Each renders only for a viewer who may use it (app/utils/viewer.ts: hints,
 * the contract decides), inside its ./controls.tsx marker.
 */
import type { TFunction } from "i18next";
import { lazy } from "react";
import { useI18n } from "../../i18n/use-i18n";
import type { ChapterMemberRow } from "../../models/chapters.server";
import { canAdministerChapter, isViewer, type Viewer } from "../../utils/viewer";
import type { Column } from "../data-table";
import { Controls } from "./controls";

/** The name of the review queue's row checkboxes, read by DecideSelected. */
export const SELECTED_APPLICANT = "selected-applicant";

const forms = () => import("../wallet/chapter-executive-forms.client");
export const DecideSelected = lazy(() => forms().then((m) => ({ default: m.DecideSelected })));
export const RemoveMember = lazy(() => forms().then((m) => ({ default: m.RemoveMember })));

/** A queue row's checkbox for "Approve selected" / "Reject selected". */
export function SelectApplicant({ account }: { account: string }) {
  const { t } = useI18n();
  return <input type="checkbox" name={SELECTED_APPLICANT} value={account} aria-label={t("queue.select", { account })} />;
}

type ChapterFacts = { id: string; label: string; centralCommitteeMember: string | null };

/** The members table's "Remove" column, for a viewer who administers the chapter; none for anyone else. */
export function removeMemberColumns(viewer: Viewer | null, chapter: ChapterFacts, t: TFunction): Column<ChapterMemberRow>[] {
  if (!canAdministerChapter(viewer, chapter.id)) return [];
  return [
    {
      title: t("chapter.remove"),
      // Not one's own row: leaving is on /me.
      cell: (m) =>
        isViewer(viewer, m.account) ? null : (
          <Controls name="remove">
            <RemoveMember
              account={m.account}
              chapter={chapter.label}
              executive={m.executive}
              centralCommittee={m.account.toLowerCase() === chapter.centralCommitteeMember?.toLowerCase()}
            />
          </Controls>
        ),
    },
  ];
}
