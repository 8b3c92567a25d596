/** An account's roles (chapter executive, party executive, central committee member), or `empty`. */
import type { ReactNode } from "react";
import { ChapterLink } from "./links";

type RoleHolder = { executiveOf: string | null; partyExecutive: boolean; centralCommitteeOf: readonly string[] };

export function Roles({ of: holder, empty }: { of: RoleHolder; empty: ReactNode }) {
  const roles = [
    holder.executiveOf ? (
      <li key="ce">
        Chapter executive of <ChapterLink id={holder.executiveOf} />
      </li>
    ) : null,
    holder.partyExecutive ? <li key="pe">Party executive</li> : null,
    ...holder.centralCommitteeOf.map((id) => (
      <li key={`cc-${id}`}>
        Central committee member for <ChapterLink id={id} />
      </li>
    )),
  ].filter(Boolean);
  return roles.length ? <ul className="roles">{roles}</ul> : <>{empty}</>;
}
