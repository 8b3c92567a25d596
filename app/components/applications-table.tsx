import type { TFunction } from "i18next";
import { useI18n } from "../i18n/use-i18n";
import type { PendingApplication } from "../models/chapters.server";
import { DataTable, type Column } from "./data-table";
import { AddressLink } from "./links";
import { AtBlock } from "./time";

const columns = (t: TFunction): Column<PendingApplication>[] => [
  { title: t("applicationsTable.applicant"), cell: (a) => <AddressLink address={a.account} /> },
  {
    title: t("applicationsTable.applied"),
    cell: (a) => <AtBlock block={a.appliedBlock} at={a.appliedAt} />,
  },
  {
    title: t("applicationsTable.recommendedBy"),
    cell: (a) =>
      a.recommenders.length === 0 ? (
        <span className="muted">{t("applicationsTable.nobodyYet")}</span>
      ) : (
        // A list, one address a line: links far enough apart to tap on a phone.
        <ul className="address-list">
          {a.recommenders.map((r) => (
            <li key={r}>
              <AddressLink address={r} />
            </li>
          ))}
        </ul>
      ),
  },
];

/** Pending applications with their recommenders; `extra` adds columns (the review queue's statement and decision). */
export function ApplicationsTable({ applications, extra = [] }: { applications: PendingApplication[]; extra?: Column<PendingApplication>[] }) {
  const { t } = useI18n();
  return (
    <DataTable
      className="applications"
      rows={applications}
      rowKey={(a) => a.id}
      rowData={(a) => ({ "data-applicant": a.account })}
      empty={t("applicationsTable.empty")}
      columns={[...columns(t), ...extra]}
    />
  );
}
