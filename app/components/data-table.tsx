/**
 * The pages' one table: a header row of column titles, then a row per item. A page states its
 * columns and nothing else. With `empty`, no rows show that sentence instead of an empty table.
 */
import type { ReactNode } from "react";

export type Column<T> = {
  title: ReactNode;
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

export function DataTable<T>({ rows, columns, rowKey, rowData, className, empty }: DataTableProps<T>) {
  if (rows.length === 0 && empty !== undefined) return <p className="muted">{empty}</p>;
  return (
    <table className={className}>
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
              <td key={i} className={column.className}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
