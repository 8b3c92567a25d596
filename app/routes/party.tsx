import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { Fact, Facts } from "../components/facts";
import { AddressLink, ChapterLink } from "../components/links";
import { getPartyOverview } from "../models/party.server";
import { canonicalUrl } from "../utils/canonical-url.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;

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
  return (
    <>
      <h1>The party</h1>
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
        ]}
      />
      <h2>Role holders</h2>
      <DataTable
        rows={roleHolders}
        rowKey={(r) => r.role}
        columns={[
          { title: "Role", cell: (r) => r.role },
          { title: "Holder", cell: (r) => <AddressLink address={r.holder} /> },
          { title: "Since block", cell: (r) => r.block },
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
