/**
 * The pages' one table: a header row of column titles, then a row per item. A page states its
 * columns and nothing else. With `empty`, no rows show that sentence instead of an empty table.
 *
 * On a phone the table collapses into one block per row (app/styles.css, `table.data-table`): the
 * header row is hidden and each cell shows its column's title from `data-label` beside its value
 * (a `div`, so a value of several parts stays one column), so a row reads "Account 0x3b6c…8991 /
 * Joined block 14 / Role member" without sideways scrolling.
 */
import type { ReactNode } from "react";

export type Column<T> = {
  title: ReactNode;
  /** The title as text, for a collapsed row's cell; needed only when `title` is not a string. */
  label?: string;
  cell: (row: T) => ReactNode;
  /** The class of the column's body cells. */
  className?: string;
};

export type DataTableProps<T> = {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** `data-*` attributes of a row, for the tests and scripts that find rows by them. */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  className?: string;
  empty?: ReactNode;
};

const labelOf = <T,>(column: Column<T>) => column.label ?? (typeof column.title === "string" ? column.title : undefined);

export function DataTable<T>({ rows, columns, rowKey, rowData, className, empty }: DataTableProps<T>) {
  if (rows.length === 0 && empty !== undefined) return <p className="muted">{empty}</p>;
  return (
    <table className={className ? `data-table ${className}` : "data-table"}>
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th key={i}>{column.title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowData?.(row)}>
            {columns.map((column, i) => (
              <td key={i} className={column.className} data-label={labelOf(column)}>
                <div className="cell">{column.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
