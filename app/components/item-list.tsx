/** A page's plain list: one `<li>` per item, or the `empty` sentence when there is none. */
import type { ReactNode } from "react";

export function ItemList<T>({
  items,
  itemKey,
  empty,
  children,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul>
      {items.map((item) => (
        <li key={itemKey(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}
