/**
 * The party executive's and party admin's controls, on /party and on chapter pages. Each renders
 * only for a viewer who may use it (app/utils/viewer.ts: hints, the contract decides); the marker
 * around each (`data-controls`, ./controls.tsx) is server-rendered, the forms
 * (../wallet/party-*-forms.client.tsx) load lazily once hydrated.
 */
import type { TFunction } from "i18next";
import { lazy } from "react";
import type { Column } from "../data-table";
import { OperationButton } from "../client-only";
import { useI18n } from "../../i18n/use-i18n";
import { holds, isHeldRole, useViewer, type Viewer } from "../../utils/viewer";
import { Controls } from "./controls";

const executiveForms = () => import("../wallet/party-executive-forms.client");
const adminForms = () => import("../wallet/party-admin-forms.client");
const AddMembers = lazy(() => executiveForms().then((m) => ({ default: m.AddMembers })));
const RemoveFromParty = lazy(() => executiveForms().then((m) => ({ default: m.RemoveFromParty })));
const PromoteChapterExecutive = lazy(() => executiveForms().then((m) => ({ default: m.PromoteChapterExecutive })));
const DemoteChapterExecutive = lazy(() => executiveForms().then((m) => ({ default: m.DemoteChapterExecutive })));
const PromotePartyExecutive = lazy(() => adminForms().then((m) => ({ default: m.PromotePartyExecutive })));
const DemotePartyExecutive = lazy(() => adminForms().then((m) => ({ default: m.DemotePartyExecutive })));
const SetRoleHolder = lazy(() => adminForms().then((m) => ({ default: m.SetRoleHolder })));


/** /party's "Party members" section, for a party executive: add from a pasted list, remove one. */
export function PartyMemberControls({ viewer }: { viewer: Viewer | null }) {
  const { t } = useI18n();
  if (!viewer?.partyExecutive) return null;
  return (
    <section className="party-member-controls">
      <h2>{t("party.addMembers")}</h2>
      <Controls name="add-members">
        <AddMembers />
      </Controls>
      <h2>{t("party.removeMember")}</h2>
      <Controls name="remove-from-party">
        <RemoveFromParty />
      </Controls>
    </section>
  );
}

/** "Accept the party admin role", for the proposed party admin only. */
export function AcceptPartyAdmin({ viewer }: { viewer: Viewer | null }) {
  const { t } = useI18n();
  if (!viewer?.proposedPartyAdmin) return null;
  return (
    <p className="notice">
      {t("party.proposedAdmin")}{" "}
      <Controls name="accept-party-admin">
        <OperationButton operation="acceptPartyAdmin" args={{}}>
          {t("party.acceptAdmin")}
        </OperationButton>
      </Controls>
    </p>
  );
}

/** "Promote to party executive" under the executives table, for the party admin. */
export function PromotePartyExecutiveControl({ viewer }: { viewer: Viewer | null }) {
  if (!holds(viewer, "partyAdmin")) return null;
  return (
    <Controls name="promote-party-executive">
      <PromotePartyExecutive />
    </Controls>
  );
}

/** The executives table's "Demote" column, for the party admin; none for anyone else. */
export function demotePartyExecutiveColumns(viewer: Viewer | null, t: TFunction): Column<{ account: string }>[] {
  if (!holds(viewer, "partyAdmin")) return [];
  return [{ title: t("party.demote"), cell: (e) => <Controls name="demote-party-executive"><DemotePartyExecutive account={e.account} /></Controls> }];
}

/** The role holders table's "Change" column, for the party admin; none for anyone else. */
export function setRoleHolderColumns(viewer: Viewer | null, t: TFunction): Column<{ role: string; holder: string }>[] {
  if (!holds(viewer, "partyAdmin")) return [];
  return [
    {
      title: t("party.change"),
      cell: (r) =>
        isHeldRole(r.role) ? (
          <Controls name={`set-${r.role}`}>
            <SetRoleHolder role={r.role} holder={r.holder} />
          </Controls>
        ) : null,
    },
  ];
}

type ChapterFacts = { id: string; removedBlock: string | null; executives: readonly { account: string }[] };

/** A chapter page's promote and demote forms, for a party executive: members of this chapter only. */
export function ChapterExecutiveControls({ chapter, members }: { chapter: ChapterFacts; members: readonly { account: string; executive: boolean }[] }) {
  const viewer = useViewer();
  if (!viewer?.partyExecutive || chapter.removedBlock) return null;
  const executives = chapter.executives.map((e) => e.account);
  return (
    <div className="chapter-executive-controls">
      <Controls name="promote-chapter-executive">
        <PromoteChapterExecutive chapterId={chapter.id} members={members.filter((m) => !m.executive).map((m) => m.account)} />
      </Controls>
      {executives.length ? (
        <Controls name="demote-chapter-executive">
          <DemoteChapterExecutive chapterId={chapter.id} executives={executives} />
        </Controls>
      ) : null}
    </div>
  );
}
