/**
 * Operations sent but not yet in the read model: each its badge (the operation's own, from the
 * loader: app/calls/index.ts), then what the page adds about it (whom it concerns, who sent it,
 * its status).
 */
import type { ReactNode } from "react";
import { say, type Message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";

type Pending = { userOpHash: string; operation: string; status: string; badge: Message };

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
          <span className="pending-badge">{say(t, p.badge)}</span>
          {children(p)}
        </li>
      ))}
    </ul>
  );
}
