/** An account's roles (chapter executive, party executive, central committee member), or `empty`; and the single-holder ones. */
import type { ReactNode } from "react";
import { Trans } from "react-i18next";
import { useI18n } from "../i18n/use-i18n";
import { ChapterLink } from "./links";

type RoleHolder = { executiveOf: string | null; partyExecutive: boolean; centralCommitteeOf: readonly string[] };

export function Roles({ of: holder, empty }: { of: RoleHolder; empty: ReactNode }) {
  const { t } = useI18n();
  const roles = [
    holder.executiveOf ? (
      <li key="ce">
        <Trans t={t} i18nKey="roles.chapterExecutiveOf" components={{ chapter: <ChapterLink id={holder.executiveOf} /> }} />
      </li>
    ) : null,
    holder.partyExecutive ? <li key="pe">{t("roles.partyExecutive")}</li> : null,
    ...holder.centralCommitteeOf.map((id) => (
      <li key={`cc-${id}`}>
        <Trans t={t} i18nKey="roles.centralCommitteeFor" components={{ chapter: <ChapterLink id={id} /> }} />
      </li>
    )),
  ].filter(Boolean);
  return roles.length ? <ul className="roles">{roles}</ul> : <>{empty}</>;
}

/** The single-holder roles an account holds (party admin, chapter admin, evaluation minter, info sender). */
export function HeldRoles({ holds }: { holds: readonly string[] }) {
  const { t } = useI18n();
  if (!holds.length) return null;
  return (
    <ul className="roles held-roles">
      {holds.map((role) => (
        <li key={role} data-role={role}>
          {t(`roles.heldTitle.${role}`)}
        </li>
      ))}
    </ul>
  );
}
