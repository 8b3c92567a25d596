import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink, ChapterLink } from "../components/links";
import { getPartyOverview } from "../models/party.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;

export const meta: MetaFunction = () => [{ title: "Party · Party" }];

export async function loader() {
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
      <dl className="facts card totals">
        {TOTALS.map(([key, label]) => (
          <div key={key} style={{ display: "contents" }}>
            <dt>{label}</dt>
            <dd data-total={key}>{totals?.[key] ?? 0}</dd>
          </div>
        ))}
      </dl>
      <h2>Party executives ({executives.length})</h2>
      <table>
        <thead>
          <tr>
            <th>Account</th>
            <th>Chapter</th>
            <th>Since block</th>
          </tr>
        </thead>
        <tbody>
          {executives.map((e) => (
            <tr key={e.account}>
              <td>
                <AddressLink address={e.account} />
              </td>
              <td>
                <ChapterLink id={e.chapterId} />
              </td>
              <td>{e.promotedBlock}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Role holders</h2>
      <table>
        <thead>
          <tr>
            <th>Role</th>
            <th>Holder</th>
            <th>Since block</th>
          </tr>
        </thead>
        <tbody>
          {roleHolders.map((r) => (
            <tr key={r.role}>
              <td>{r.role}</td>
              <td>
                <AddressLink address={r.holder} />
              </td>
              <td>{r.block}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Contract upgrades</h2>
      <table>
        <thead>
          <tr>
            <th>Change</th>
            <th>Implementation</th>
            <th>Block</th>
          </tr>
        </thead>
        <tbody>
          {upgrades.map((u) => (
            <tr key={`${u.block}-${u.kind}-${u.implementation ?? u.version}`}>
              <td>{u.kind === "upgraded" ? "Upgraded" : `Initialized (version ${u.version})`}</td>
              <td className="address">{u.implementation ?? "–"}</td>
              <td>{u.block}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
