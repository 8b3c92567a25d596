/**
 * The party executive's controls (./forms.client.tsx): on /party, adding members from a pasted
 * list and removing one; on a chapter page, promoting and demoting its executives.
 */
import { useI18n } from "../../../i18n/use-i18n";
import { mayUse, useViewer } from "../../../utils/viewer";
import { Controls, lazyExport } from "../../client-only";
import { RoleSection } from "../section";

const forms = () => import("./forms.client");
const AddMembers = lazyExport(forms, "AddMembers");
const RemoveFromParty = lazyExport(forms, "RemoveFromParty");
const PromoteChapterExecutive = lazyExport(forms, "PromoteChapterExecutive");
const DemoteChapterExecutive = lazyExport(forms, "DemoteChapterExecutive");

/** /party's "Party members" section: add from a pasted list, remove one. */
export function PartyMemberControls() {
  const { t } = useI18n();
  return (
    <RoleSection
      className="party-member-controls"
      controls={[
        { name: "add-members", operation: "addMemberToParty", title: t("party.addMembers"), control: <AddMembers /> },
        { name: "remove-from-party", operation: "removeMemberFromParty", title: t("party.removeMember"), control: <RemoveFromParty /> },
      ]}
    />
  );
}

type ChapterFacts = { id: string; removedBlock: string | null; executives: readonly { account: string }[] };

/** A chapter page's promote and demote forms: members of this chapter only. */
export function ChapterExecutiveControls({ chapter, members }: { chapter: ChapterFacts; members: readonly { account: string; executive: boolean }[] }) {
  const viewer = useViewer();
  if (chapter.removedBlock || !mayUse(viewer, "promoteChapterExecutive", chapter.id)) return null;
  const executives = chapter.executives.map((e) => e.account);
  return (
    <div className="chapter-executive-controls">
      <Controls name="promote-chapter-executive">
        <PromoteChapterExecutive chapterId={chapter.id} members={members.filter((m) => !m.executive).map((m) => m.account)} />
      </Controls>
      {executives.length && mayUse(viewer, "demoteChapterExecutive", chapter.id) ? (
        <Controls name="demote-chapter-executive">
          <DemoteChapterExecutive chapterId={chapter.id} executives={executives} />
        </Controls>
      ) : null}
    </div>
  );
}
