import { Link } from "@remix-run/react";
import { useI18n } from "../i18n/use-i18n";
import { evaluationLabel, infoLabel } from "../ground/format";
import type { ActivityRow } from "../models/chapters.server";
import { DataTable } from "./data-table";
import { AddressLink, ChapterLink } from "./links";
import { Time } from "./time";

/** The read model's activity rows; the event's kind stays the contract's event name (what an explorer shows too). */
export function ActivityList({ rows }: { rows: ActivityRow[] }) {
  const { t } = useI18n();
  return (
    <DataTable
      className="activity"
      rows={rows}
      rowKey={(a) => a.id}
      empty={t("activity.empty")}
      columns={[
        { title: t("activity.block"), cell: (a) => a.blockNumber },
        { title: t("activity.time"), cell: (a) => <Time at={a.timestamp} relative /> },
        {
          title: t("activity.event"),
          cell: (a) => (
            <>
              {a.kind}
              {a.evaluationId ? (
                <>
                  {": "}
                  <Link to={`/evaluations/${a.evaluationId}`}>{evaluationLabel({ id: a.evaluationId, title: a.evaluationTitle }, t)}</Link>
                </>
              ) : a.infoId ? (
                <>
                  {": "}
                  <Link to={`/info/${a.infoId}`}>{infoLabel({ id: a.infoId, title: a.infoTitle }, t)}</Link>
                </>
              ) : null}
            </>
          ),
        },
        { title: t("activity.by"), cell: (a) => <AddressLink address={a.actor} /> },
        { title: t("activity.subject"), cell: (a) => <AddressLink address={a.subject} /> },
        { title: t("activity.chapter"), cell: (a) => <ChapterLink id={a.chapterId} /> },
      ]}
    />
  );
}
