/**
 * The chapter executive's controls on the review queue and the chapter page (./forms.client.tsx),
 * and the chapter's social-account verification for its own executives
 * (./verification-form.client.tsx: /verify checks that the signer is a member of the chapter).
 * Each renders only for a viewer who may use it (hints: the contract decides).
 */
import type { TFunction } from "i18next";
import { lazy } from "react";
import { useI18n } from "../../../i18n/use-i18n";
import type { ChapterMemberRow } from "../../../models/chapters.server";
import { isViewer, mayUse, useViewer, type Viewer } from "../../../utils/viewer";
import { Controls, lazyExport } from "../../client-only";
import type { Column } from "../../data-table";

const forms = () => import("./forms.client");
/** "Approve selected" / "Reject selected", for the applicants ticked in the queue (./selection.tsx). */
export const DecideSelected = lazyExport(forms, "DecideSelected");
const RemoveMember = lazyExport(forms, "RemoveMember");
const ChapterVerificationForm = lazy(() => import("./verification-form.client"));

type ChapterFacts = { id: string; label: string; centralCommitteeMember: string | null };

/** The members table's "Remove" column, for a viewer who administers the chapter; none for anyone else. */
export function removeMemberColumns(viewer: Viewer | null, chapter: ChapterFacts, t: TFunction): Column<ChapterMemberRow>[] {
  if (!mayUse(viewer, "removeMemberFromChapter", chapter.id)) return [];
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

/** A service and display name, signed with the passkey in the app, then a /verify link and QR code. */
export function ChapterVerification({ chapterId }: { chapterId: string }) {
  const viewer = useViewer();
  const { t } = useI18n();
  if (viewer?.status !== "member" || viewer.chapterId !== chapterId || viewer.executiveOf !== chapterId) return null;
  return (
    <section className="chapter-verification">
      <h2>{t("socialProof.heading")}</h2>
      <p className="muted">{t("socialProof.intro")}</p>
      <Controls name="social-verification">
        <ChapterVerificationForm chapterId={chapterId} />
      </Controls>
    </section>
  );
}
