/**
 * The shell of every role's section: a heading and the controls the viewer is offered, each in
 * its server-rendered marker (../client-only.tsx `Controls`). A control shows when its
 * operation's `who` (app/calls/index.ts) includes the viewer, the section when one does. Hints
 * only: the contract decides. Each role's folder beside this one holds its section and its forms,
 * which sign and so load lazily.
 */
import { Fragment, type ReactNode } from "react";
import type { OperationName } from "../../calls";
import { mayUse, useViewer } from "../../utils/viewer";
import { Controls } from "../client-only";

export type RoleControl = {
  /** The marker's name (`data-controls`), which the tests read. */
  name: string;
  operation: OperationName;
  /** Its heading, one level below the section's. */
  title?: string;
  control: ReactNode;
};

type RoleSectionProps = {
  heading?: string;
  className?: string;
  /** The chapter the page is about, for an operation offered in some chapters only. */
  chapterId?: string;
  controls: RoleControl[];
};

export function RoleSection({ heading, className = "role-section", chapterId, controls }: RoleSectionProps) {
  const viewer = useViewer();
  const offered = controls.filter((c) => mayUse(viewer, c.operation, chapterId));
  if (offered.length === 0) return null;
  const Title = heading ? "h3" : "h2";
  return (
    <section className={className}>
      {heading ? <h2>{heading}</h2> : null}
      {offered.map((c) => (
        <Fragment key={c.name}>
          {c.title ? <Title>{c.title}</Title> : null}
          <Controls name={c.name}>{c.control}</Controls>
        </Fragment>
      ))}
    </section>
  );
}
