import type { PendingApplication } from "../models/chapters.server";
import { formatTime } from "../utils/format";
import { AddressLink } from "./links";

/** Pending applications with their recommenders. */
export function ApplicationsTable({ applications }: { applications: PendingApplication[] }) {
  if (applications.length === 0) return <p className="muted">No pending applications.</p>;
  return (
    <table className="applications">
      <thead>
        <tr>
          <th>Applicant</th>
          <th>Applied</th>
          <th>Recommended by</th>
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
          </tr>
        ))}
      </tbody>
    </table>
  );
}

