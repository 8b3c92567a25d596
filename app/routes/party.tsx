import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { Fact, Facts } from "../components/facts";
import { AddressLink, ChapterLink } from "../components/links";
import {
  AcceptPartyAdmin,
  demotePartyExecutiveColumns,
  PartyMemberControls,
  PromotePartyExecutiveControl,
  setRoleHolderColumns,
} from "../components/screens/party";
import { getPartyOverview } from "../models/party.server";
import { canonicalUrl } from "../utils/canonical-url.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { listPage } from "../utils/page-tags";
import { useViewer } from "../utils/viewer";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle = listPage("party");

export const meta: MetaFunction = () => [{ title: "Party · Party" }];

export async function loader({ request }: LoaderFunctionArgs) {
  canonicalUrl(request, "/party");
  return await getPartyOverview();
}

const TOTALS = [
  ["chapterCount", "Chapters"],
  ["memberCount", "Chapter members"],
  ["partyMemberCount", "Party members"],
  ["pendingApplicationCount", "Pending applications"],
  ["evaluationCount", "Evaluations"],
  ["voteCount", "Votes"],
  ["infoCount", "Info messages"],
] as const;

export default function Party() {
  const { executives, roleHolders, totals, upgrades } = useLoaderData<typeof loader>();
  // Hints (the contract decides): each control only for the viewer who may use it.
  const viewer = useViewer();
  return (
    <>
      <h1>The party</h1>
      <AcceptPartyAdmin viewer={viewer} />
      <Facts className="card totals">
        {TOTALS.map(([key, label]) => (
          <Fact key={key} term={label} data-total={key}>
            {totals?.[key] ?? 0}
          </Fact>
        ))}
      </Facts>
      <h2>Party executives ({executives.length})</h2>
      <DataTable
        rows={executives}
        rowKey={(e) => e.account}
        columns={[
          { title: "Account", cell: (e) => <AddressLink address={e.account} /> },
          { title: "Chapter", cell: (e) => <ChapterLink id={e.chapterId} /> },
          { title: "Since block", cell: (e) => e.promotedBlock },
          ...demotePartyExecutiveColumns(viewer),
        ]}
      />
      <PromotePartyExecutiveControl viewer={viewer} />
      <PartyMemberControls viewer={viewer} />
      <p>
        <Link to="/members">Find a member by address</Link>
      </p>
      <h2>Role holders</h2>
      <DataTable
        rows={roleHolders}
        rowKey={(r) => r.role}
        rowData={(r) => ({ "data-role": r.role })}
        columns={[
          { title: "Role", cell: (r) => r.role },
          {
            title: "Holder",
            cell: (r) => (
              <>
                <AddressLink address={r.holder} />
                {r.pendingHolder ? (
                  <span className="muted" data-proposed={r.pendingHolder}>
                    {" "}
                    (proposed: <AddressLink address={r.pendingHolder} />)
                  </span>
                ) : null}
              </>
            ),
          },
          { title: "Since block", cell: (r) => r.block },
          ...setRoleHolderColumns(viewer),
        ]}
      />
      <h2>Contract upgrades</h2>
      <DataTable
        rows={upgrades}
        rowKey={(u) => `${u.block}-${u.kind}-${u.implementation ?? u.version}`}
        columns={[
          { title: "Change", cell: (u) => (u.kind === "upgraded" ? "Upgraded" : `Initialized (version ${u.version})`) },
          { title: "Implementation", className: "address", cell: (u) => u.implementation ?? "–" },
          { title: "Block", cell: (u) => u.block },
        ]}
      />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
