/**
 * A role control's server-rendered marker (`data-controls`), with the control inside once
 * hydrated: the page's HTML says which controls a viewer gets (tests read it) before the lazily
 * loaded forms of ../wallet/ arrive. Render it only for viewers who may use the control.
 */
import type { ReactNode } from "react";
import { ClientOnly } from "../client-only";

export function Controls({ name, children }: { name: string; children: ReactNode }) {
  return (
    <span className="role-controls" data-controls={name}>
      <ClientOnly>{children}</ClientOnly>
    </span>
  );
}
