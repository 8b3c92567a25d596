import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans } from "react-i18next";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { Fact, Facts } from "../components/facts";
import { AddressLink, ChapterLink } from "../components/links";
import { AcceptPartyAdmin, demotePartyExecutiveColumns, PromotePartyExecutiveControl, setRoleHolderColumns } from "../components/roles/party-admin/section";
import { PartyMemberControls } from "../components/roles/party-executive/section";
import { pageMeta } from "../i18n/meta";
import { useI18n } from "../i18n/use-i18n";
import { getPartyOverview } from "../models/party.server";
import { getViewer } from "../models/viewer.server";
import { formatNumber } from "../ground/format";
import { canonicalUrl } from "../utils/canonical-url.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { nameTags, pageTag, type PageTagsHandle, standingTags } from "../utils/page-tags";
import { useViewer } from "../utils/viewer";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
// The list, and every account it shows, whose name may change (issue 28 item 3).
export const handle: PageTagsHandle<typeof loader> = { pageTags: (data) => [pageTag.list("party"), ...nameTags(data), ...standingTags(data)] };

export const meta = pageMeta<typeof loader>((t, data) => ({
  title: t("party.title"),
  description: t("meta.party", { chapters: data?.totals?.chapterCount ?? 0, count: data?.totals?.partyMemberCount ?? 0 }),
}));

export async function loader({ request, context }: LoaderFunctionArgs) {
  canonicalUrl(request, "/party");
  // With the names the viewer may see of every account it shows.
  return await getPartyOverview(await getViewer(request, context));
}

const TOTALS = [
  ["chapterCount", "party.totals.chapters"],
  ["memberCount", "party.totals.chapterMembers"],
  ["partyMemberCount", "party.totals.partyMembers"],
  ["pendingApplicationCount", "party.totals.pendingApplications"],
  ["evaluationCount", "party.totals.evaluations"],
  ["voteCount", "party.totals.votes"],
  ["infoCount", "party.totals.infoMessages"],
] as const;

/** A role holder row's role: its contract name in English (what the contract and its tools call it), in words elsewhere. */
const ROLE_KEYS: Record<string, string> = {
  partyAdmin: "party.roleName.partyAdmin",
  chapterAdmin: "party.roleName.chapterAdmin",
  evaluationMinter: "party.roleName.evaluationMinter",
  infoSender: "party.roleName.infoSender",
};

export default function Party() {
  const { executives, roleHolders, totals, upgrades } = useLoaderData<typeof loader>();
  // Hints (the contract decides): each control only for the viewer who may use it.
  const viewer = useViewer();
  const { t, language } = useI18n();
  return (
    <>
      <h1>{t("party.heading")}</h1>
      <AcceptPartyAdmin viewer={viewer} />
      <Facts className="card totals">
        {TOTALS.map(([key, label]) => (
          <Fact key={key} term={t(label)} data-total={key}>
            {formatNumber(totals?.[key] ?? 0, language)}
          </Fact>
        ))}
      </Facts>
      <h2>{t("party.executives", { count: executives.length })}</h2>
      <DataTable
        rows={executives}
        rowKey={(e) => e.account}
        columns={[
          { title: t("party.account"), cell: (e) => <AddressLink address={e.account} /> },
          { title: t("party.chapter"), cell: (e) => <ChapterLink id={e.chapterId} /> },
          { title: t("party.sinceBlock"), cell: (e) => e.promotedBlock },
          ...demotePartyExecutiveColumns(viewer, t),
        ]}
      />
      <PromotePartyExecutiveControl viewer={viewer} />
      <PartyMemberControls />
      <p>
        <Link to="/members">{t("party.findMember")}</Link>
      </p>
      <h2>{t("party.roleHolders")}</h2>
      <DataTable
        rows={roleHolders}
        rowKey={(r) => r.role}
        rowData={(r) => ({ "data-role": r.role })}
        columns={[
          { title: t("party.role"), cell: (r) => (ROLE_KEYS[r.role] ? t(ROLE_KEYS[r.role]!) : r.role) },
          {
            title: t("party.holder"),
            cell: (r) => (
              <>
                <AddressLink address={r.holder} />
                {r.pendingHolder ? (
                  <span className="muted" data-proposed={r.pendingHolder}>
                    {" "}
                    <Trans t={t} i18nKey="party.proposed" components={{ holder: <AddressLink address={r.pendingHolder} /> }} />
                  </span>
                ) : null}
              </>
            ),
          },
          { title: t("party.sinceBlock"), cell: (r) => r.block },
          ...setRoleHolderColumns(viewer, t),
        ]}
      />
      <h2>{t("party.upgrades")}</h2>
      <DataTable
        rows={upgrades}
        rowKey={(u) => `${u.block}-${u.kind}-${u.implementation ?? u.version}`}
        columns={[
          { title: t("party.change"), cell: (u) => (u.kind === "upgraded" ? t("party.upgraded") : t("party.initialized", { version: u.version })) },
          { title: t("party.implementation"), className: "address", cell: (u) => u.implementation ?? "–" },
          { title: t("party.block"), cell: (u) => u.block },
        ]}
      />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
