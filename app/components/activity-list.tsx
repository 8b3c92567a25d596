import type { ActivityRow } from "../models/chapters.server";
import { formatTime } from "../utils/format";
import { AddressLink, ChapterLink } from "./links";

export function ActivityList({ rows }: { rows: ActivityRow[] }) {
  if (rows.length === 0) return <p className="muted">No activity yet.</p>;
  return (
    <table className="activity">
      <thead>
        <tr>
          <th>Block</th>
          <th>Time</th>
          <th>Event</th>
          <th>By</th>
          <th>Subject</th>
          <th>Chapter</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.id}>
            <td>{a.blockNumber}</td>
            <td>{formatTime(a.timestamp)}</td>
            <td>
              {a.kind}
              {a.evaluationId ? ` #${a.evaluationId}` : ""}
            </td>
            <td>
              <AddressLink address={a.actor} />
            </td>
            <td>
              <AddressLink address={a.subject} />
            </td>
            <td>
              <ChapterLink id={a.chapterId} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
