/**
 * The chapter admin's controls: "Add chapters" on the chapter list, and move / remove / central
 * committee seat on a chapter's page. Each renders only for the account the read model names as
 * chapter admin (a hint: the contract decides); the forms sign, so they load lazily.
 */
import { lazy } from "react";
import { useI18n } from "../../i18n/use-i18n";
import { holds, useViewer } from "../../utils/viewer";
import { Controls } from "./controls";

const forms = () => import("../wallet/chapter-admin-forms.client");
const AddChapters = lazy(() => forms().then((m) => ({ default: m.AddChapters })));
const MoveChapter = lazy(() => forms().then((m) => ({ default: m.MoveChapter })));
const RemoveChapter = lazy(() => forms().then((m) => ({ default: m.RemoveChapter })));
const SeatCentralCommittee = lazy(() => forms().then((m) => ({ default: m.SeatCentralCommittee })));

type MapChapter = { id: string; locationText: string | null; x: number; y: number; memberCount: number };

/** The chapter list's "Add chapters" section, for the chapter admin. */
export function AddChaptersSection({ chapters }: { chapters: MapChapter[] }) {
  const { t } = useI18n();
  if (!holds(useViewer(), "chapterAdmin")) return null;
  return (
    <section className="role-section">
      <h2>{t("chapterAdmin.add")}</h2>
      <Controls name="add-chapters">
        <AddChapters chapters={chapters} />
      </Controls>
    </section>
  );
}

type ChapterAdminProps = {
  chapter: MapChapter & { location: string; label: string; removedBlock: string | number | null; centralCommitteeMember: string | null };
  /** The chapter's members on this page: whom the seat is offered to. */
  members: string[];
};

/** A chapter page's "Chapter admin" section: move, seat or clear the central committee member, remove. */
export function ChapterAdminSection({ chapter, members }: ChapterAdminProps) {
  const { t } = useI18n();
  if (!holds(useViewer(), "chapterAdmin") || chapter.removedBlock) return null;
  return (
    <section className="role-section">
      <h2>{t("chapterAdmin.heading")}</h2>
      <h3>{t("chapterAdmin.seat")}</h3>
      <Controls name="central-committee">
        <SeatCentralCommittee chapterId={chapter.id} members={members} current={chapter.centralCommitteeMember} />
      </Controls>
      <h3>{t("chapterAdmin.move")}</h3>
      <Controls name="move-chapter">
        <MoveChapter chapter={chapter} />
      </Controls>
      <h3>{t("chapterAdmin.remove")}</h3>
      <Controls name="remove-chapter">
        <RemoveChapter chapterId={chapter.id} label={chapter.label} memberCount={chapter.memberCount} />
      </Controls>
    </section>
  );
}
