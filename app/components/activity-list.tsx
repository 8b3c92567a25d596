import type { ActivityRow } from "../models/chapters.server";
import { formatTime } from "../utils/format";
import { DataTable } from "./data-table";
import { AddressLink, ChapterLink } from "./links";

export function ActivityList({ rows }: { rows: ActivityRow[] }) {
  return (
    <DataTable
      className="activity"
      rows={rows}
      rowKey={(a) => a.id}
      empty="No activity yet."
      columns={[
        { title: "Block", cell: (a) => a.blockNumber },
        { title: "Time", cell: (a) => formatTime(a.timestamp) },
        { title: "Event", cell: (a) => <>{a.kind}{a.evaluationId ? ` #${a.evaluationId}` : ""}</> },
        { title: "By", cell: (a) => <AddressLink address={a.actor} /> },
        { title: "Subject", cell: (a) => <AddressLink address={a.subject} /> },
        { title: "Chapter", cell: (a) => <ChapterLink id={a.chapterId} /> },
      ]}
    />
  );
}
