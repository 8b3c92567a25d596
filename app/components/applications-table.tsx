import type { ReactNode } from "react";
import type { PendingApplication } from "../models/chapters.server";
import { formatTime } from "../utils/format";
import { AddressLink } from "./links";

/** Pending applications with their recommenders; `extra` adds a column (the review queue's decision). */
export function ApplicationsTable({
  applications,
  extra,
}: {
  applications: PendingApplication[];
  extra?: { title: string; className?: string; cell: (application: PendingApplication) => ReactNode };
}) {
  if (applications.length === 0) return <p className="muted">No pending applications.</p>;
  return (
    <table className="applications">
      <thead>
        <tr>
          <th>Applicant</th>
          <th>Applied</th>
          <th>Recommended by</th>
          {extra ? <th>{extra.title}</th> : null}
        </tr>
      </thead>
      <tbody>
        {applications.map((a) => (
          <tr key={a.id} data-applicant={a.account}>
            <td>
              <AddressLink address={a.account} />
            </td>
            <td>
              block {a.appliedBlock}, {formatTime(a.appliedAt)}
            </td>
            <td>
              {a.recommenders.length === 0 ? (
                <span className="muted">nobody yet</span>
              ) : (
                a.recommenders.map((r) => (
                  <span key={r}>
                    <AddressLink address={r} />{" "}
                  </span>
                ))
              )}
            </td>
            {extra ? <td className={extra.className}>{extra.cell(a)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
