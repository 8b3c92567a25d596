/**
 * Operations sent but not yet in the read model: each the badge of app/utils/pending-text.ts,
 * then what the page adds about it (whom it concerns, who sent it, its status).
 */
import type { ReactNode } from "react";
import { useI18n } from "../i18n/use-i18n";
import { pendingText } from "../utils/pending-text";

type Pending = { userOpHash: string; operation: string; subject: object; status: string };

export function PendingList<P extends Pending>({
  pending,
  about,
  children,
}: {
  pending: readonly P[];
  /** The account the operation is about, as `data-account`. */
  about?: (operation: P) => string;
  children: (operation: P) => ReactNode;
}) {
  const { t } = useI18n();
  if (pending.length === 0) return null;
  return (
    <ul className="pending-operations">
      {pending.map((p) => (
        <li key={p.userOpHash} data-operation={p.operation} data-account={about?.(p)} data-status={p.status}>
          <span className="pending-badge">{pendingText(p, t)}</span>
          {children(p)}
        </li>
      ))}
    </ul>
  );
}
