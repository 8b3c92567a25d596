/**
 * The party admin's controls on /party (./forms.client.tsx): promote and demote party executives,
 * change each single-holder role's holder; and "Accept the party admin role" for the account
 * proposed as the next one.
 */
import type { TFunction } from "i18next";
import type { OperationName } from "../../../calls";
import { useI18n } from "../../../i18n/use-i18n";
import { HELD_ROLES, isHeldRole, type HeldRole } from "../../../ground/audience";
import { mayUse, type Viewer } from "../../../utils/viewer";
import { Controls, lazyExport } from "../../client-only";
import type { Column } from "../../data-table";
import { OperationButton } from "../../wallet/lazy";

const forms = () => import("./forms.client");
const PromotePartyExecutive = lazyExport(forms, "PromotePartyExecutive");
const DemotePartyExecutive = lazyExport(forms, "DemotePartyExecutive");
const SetRoleHolder = lazyExport(forms, "SetRoleHolder");

/** "Accept the party admin role", for the proposed party admin only. */
export function AcceptPartyAdmin({ viewer }: { viewer: Viewer | null }) {
  const { t } = useI18n();
  if (!mayUse(viewer, "acceptPartyAdmin")) return null;
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

/** "Promote to party executive" under the executives table. */
export function PromotePartyExecutiveControl({ viewer }: { viewer: Viewer | null }) {
  if (!mayUse(viewer, "promotePartyExecutive")) return null;
  return (
    <Controls name="promote-party-executive">
      <PromotePartyExecutive />
    </Controls>
  );
}

/** The executives table's "Demote" column; none for anyone else. */
export function demotePartyExecutiveColumns(viewer: Viewer | null, t: TFunction): Column<{ account: string }>[] {
  if (!mayUse(viewer, "demotePartyExecutive")) return [];
  return [{ title: t("party.demote"), cell: (e) => <Controls name="demote-party-executive"><DemotePartyExecutive account={e.account} /></Controls> }];
}

/** The operation that gives each single-holder role (the party admin's own is proposed, and moves once accepted). */
const SETTERS = {
  partyAdmin: "setPartyAdmin",
  chapterAdmin: "setChapterAdmin",
  evaluationMinter: "setEvaluationMinter",
  infoSender: "setInfoSender",
} as const satisfies Record<HeldRole, OperationName>;

/** The role holders table's "Change" column; none for anyone else. */
export function setRoleHolderColumns(viewer: Viewer | null, t: TFunction): Column<{ role: string; holder: string }>[] {
  if (!HELD_ROLES.some((role) => mayUse(viewer, SETTERS[role]))) return [];
  return [
    {
      title: t("party.change"),
      cell: (r) =>
        isHeldRole(r.role) && mayUse(viewer, SETTERS[r.role]) ? (
          <Controls name={`set-${r.role}`}>
            <SetRoleHolder role={r.role} operation={SETTERS[r.role]} holder={r.holder} />
          </Controls>
        ) : null,
    },
  ];
}
