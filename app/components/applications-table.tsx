import type { PendingApplication } from "../models/chapters.server";
import { formatTime } from "../utils/format";
import { DataTable, type Column } from "./data-table";
import { AddressLink } from "./links";

const COLUMNS: Column<PendingApplication>[] = [
  { title: "Applicant", cell: (a) => <AddressLink address={a.account} /> },
  { title: "Applied", cell: (a) => <>block {a.appliedBlock}, {formatTime(a.appliedAt)}</> },
  {
    title: "Recommended by",
    cell: (a) =>
      a.recommenders.length === 0 ? (
        <span className="muted">nobody yet</span>
      ) : (
        a.recommenders.map((r) => (
          <span key={r}>
            <AddressLink address={r} />{" "}
          </span>
        ))
      ),
  },
];

/** Pending applications with their recommenders; `extra` adds a column (the review queue's decision). */
export function ApplicationsTable({ applications, extra }: { applications: PendingApplication[]; extra?: Column<PendingApplication> }) {
  return (
    <DataTable
      className="applications"
      rows={applications}
      rowKey={(a) => a.id}
      rowData={(a) => ({ "data-applicant": a.account })}
      empty="No pending applications."
      columns={extra ? [...COLUMNS, extra] : COLUMNS}
    />
  );
}
