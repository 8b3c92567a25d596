/**
 * The chapter admin's sections: "Add chapters" on the chapter list, and move / remove / central
 * committee seat on a chapter's page (./forms.client.tsx).
 */
import { useI18n } from "../../../i18n/use-i18n";
import { lazyExport } from "../../client-only";
import { RoleSection } from "../section";

const forms = () => import("./forms.client");
const AddChapters = lazyExport(forms, "AddChapters");
const MoveChapter = lazyExport(forms, "MoveChapter");
const RemoveChapter = lazyExport(forms, "RemoveChapter");
const SeatCentralCommittee = lazyExport(forms, "SeatCentralCommittee");

type MapChapter = { id: string; locationText: string | null; x: number; y: number; memberCount: number };

/** The chapter list's "Add chapters" section. */
export function AddChaptersSection({ chapters }: { chapters: MapChapter[] }) {
  const { t } = useI18n();
  return <RoleSection heading={t("chapterAdmin.add")} controls={[{ name: "add-chapters", operation: "addChapterToParty", control: <AddChapters chapters={chapters} /> }]} />;
}

type ChapterAdminProps = {
  chapter: MapChapter & { location: string; label: string; removedBlock: string | number | null; centralCommitteeMember: string | null };
  /** The chapter's members on this page: whom the seat is offered to. */
  members: string[];
};

/** A chapter page's "Chapter admin" section: move, seat or clear the central committee member, remove. */
export function ChapterAdminSection({ chapter, members }: ChapterAdminProps) {
  const { t } = useI18n();
  if (chapter.removedBlock) return null;
  return (
    <RoleSection
      heading={t("chapterAdmin.heading")}
      controls={[
        {
          name: "central-committee",
          operation: "setCentralCommitteeMember",
          title: t("chapterAdmin.seat"),
          control: <SeatCentralCommittee chapterId={chapter.id} members={members} current={chapter.centralCommitteeMember} />,
        },
        { name: "move-chapter", operation: "updateChapterLocation", title: t("chapterAdmin.move"), control: <MoveChapter chapter={chapter} /> },
        {
          name: "remove-chapter",
          operation: "removeChapter",
          title: t("chapterAdmin.remove"),
          control: <RemoveChapter chapterId={chapter.id} label={chapter.label} memberCount={chapter.memberCount} />,
        },
      ]}
    />
  );
}
