import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans } from "react-i18next";
import { ActivityList } from "../components/activity-list";
import { ClientOnly } from "../components/client-only";
import { PendingWatcher } from "../components/wallet/lazy";
import { DataTable } from "../components/data-table";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { Fact, Facts } from "../components/facts";
import { ItemList } from "../components/item-list";
import { AddressLink, ChapterLink, RowLink, useName } from "../components/links";
import { PendingList } from "../components/pending-list";
import { Recommended } from "../components/recommended";
import { HeldRoles, Roles } from "../components/role-list";
import { AtBlock } from "../components/time";
import { pageMeta } from "../i18n/meta";
import { message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { getMemberPage } from "../models/members.server";
import { memberPageStatements } from "../models/application-statements.server";
import { getViewer } from "../models/viewer.server";
import { ShownStatements } from "../components/application-statement";
import { chapterLabel, evaluationLabel, nameAndAddress } from "../ground/format";
import { invariantResponse, parseAddress } from "../utils/http.server";
import { canonicalUrl } from "../utils/canonical-url.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { evaluationTags, nameTags, pageTag, type PageTagsHandle, standingTags } from "../utils/page-tags";

/** Cached by the web server until the read model changes (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle: PageTagsHandle<typeof loader> = {
  // The member, and every account whose name it shows (a change of its profile drops the page).
  pageTags: (data) => [pageTag.account(data.member.account), ...nameTags(data), ...standingTags(data), ...evaluationTags([...data.member.votes.map((v) => v.evaluationId), ...data.member.activity.map((a) => a.evaluationId)]),
    ...data.member.activity.flatMap((a) => (a.infoId ? [pageTag.info(a.infoId)] : [])),
    // The chapters whose executives read a statement here (whoever asked): a render shared by a kind of viewer knows it shows them.
    ...data.statementChapters.map(pageTag.chapter)],
};

/** "Name (0x12…abcd)" when the viewer may see a name, else the short address. */

export const meta = pageMeta<typeof loader>((t, data) =>
  data
    ? {
        title: nameAndAddress(data.member.account, data.names),
        description: t("meta.member", {
          address: data.member.account,
          chapter: data.member.chapterId ? chapterLabel({ id: data.member.chapterId, locationText: data.member.chapterLocation }, t) : "–",
          status: t(`status.member.${data.member.status}`),
        }),
      }
    : { title: t("member.title"), description: t("meta.memberUnknown") },
);

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const address = parseAddress(params.address);
  // The read model's (and every link's) spelling: lower case.
  canonicalUrl(request, `/members/${address.toLowerCase()}`);
  // One statement: the member, the operations on their way about them (a decision on their
  // application, a recommendation) or sent by them, and the Telegram username they chose to show.
  // What it said with its applications: for itself, and for the executives of the chapters applied to (issue 28 item 1).
  // And the names the viewer may see of the account and everyone the page shows (issue 28 item 3).
  const viewer = await getViewer(request, context);
  const [page, statements] = await Promise.all([getMemberPage(address, viewer), memberPageStatements(address, viewer)]);
  invariantResponse(page, message("errors.memberMissing", { address }), { status: 404 });
  const { pending, telegram, names, nameChapters, ...member } = page;
  return { member, pending, telegram, statements: statements.shown, statementChapters: statements.chapters, names, nameChapters };
}

export default function Member() {
  const { member: m, pending, telegram, statements } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  const name = useName(m.account);
  return (
    <>
      {name ? (
        <h1 className="account">
          <bdi className="name">{name}</bdi> <span className="address">{m.account}</span>
        </h1>
      ) : (
        <h1 className="address">{m.account}</h1>
      )}
      <Facts className="card">
        <Fact term={t("member.chapter")}>
          <ChapterLink id={m.chapterId} label={m.chapterLocation} /> <span className="member-status">({t(`status.member.${m.status}`)})</span>
        </Fact>
        <Fact term={t("member.joined")}>
          {m.joinedBlock ? <AtBlock block={m.joinedBlock} at={m.joinedAt} /> : "–"}
        </Fact>
        <Fact term={t("member.partyMember")}>{m.partyMember ? t("common.yes") : t("common.no")}</Fact>
        {telegram ? (
          <Fact term={t("member.telegram")} className="telegram">
            <a href={`https://t.me/${encodeURIComponent(telegram)}`} rel="noreferrer">
              @{telegram}
            </a>
          </Fact>
        ) : null}
      </Facts>

      {pending.length > 0 ? (
        <>
          <h2>{t("member.pending")}</h2>
          <PendingList pending={pending}>
            {(p) => (
              <>
                {" "}
                <span className="muted">
                  <Trans
                    t={t}
                    i18nKey="member.sentBy"
                    values={{ status: t(`status.operation.${p.status}`) }}
                    components={{ sender: <AddressLink address={p.sender} /> }}
                  />
                </span>
              </>
            )}
          </PendingList>
          <ClientOnly>
            <PendingWatcher hashes={pending.map((p) => p.userOpHash)} />
          </ClientOnly>
        </>
      ) : null}

      <h2>{t("member.roles")}</h2>
      <Roles of={m} empty={m.holds.length ? null : <p className="muted">{t("member.noRoles")}</p>} />
      <HeldRoles holds={m.holds} />

      <h2>{t("member.applications")}</h2>
      <DataTable
        rows={m.applications}
        rowKey={(a) => a.id}
        empty={t("member.noApplications")}
        columns={[
          { title: t("member.chapter"), cell: (a) => <ChapterLink id={a.chapterId} /> },
          { title: t("member.applied"), cell: (a) => t("member.block", { block: a.appliedBlock }) },
          { title: t("member.status"), cell: (a) => t(`status.application.${a.status}`) },
          { title: t("member.decidedBy"), cell: (a) => <AddressLink address={a.decidedBy} /> },
          { title: t("member.recommenders"), cell: (a) => a.recommenders.length },
        ]}
      />
      <ShownStatements statements={statements} />

      <div className="grid">
        <section>
          <h2>{t("member.recommendationsGiven")}</h2>
          <ItemList items={m.recommendationsGiven} itemKey={(r) => `${r.account}-${r.block}`} empty={t("common.none")}>
            {(r) => <Recommended account={r.account} chapterId={r.chapterId} />}
          </ItemList>
        </section>
        <section>
          <h2>{t("member.recommendationsReceived")}</h2>
          <ItemList items={m.recommendationsReceived} itemKey={(r) => `${r.by}-${r.block}`} empty={t("common.none")}>
            {(r) => (
              <Trans
                t={t}
                i18nKey="member.recommendedBy"
                components={{ by: <AddressLink address={r.by} />, chapter: <ChapterLink id={r.chapterId} /> }}
              />
            )}
          </ItemList>
        </section>
      </div>

      <h2>{t("member.votes")}</h2>
      <ItemList items={m.votes} itemKey={(v) => v.evaluationId} empty={t("member.noVotes")}>
        {(v) => (
          <>
            <RowLink to={`/evaluations/${v.evaluationId}`}>{evaluationLabel({ id: v.evaluationId, title: v.title }, t)}</RowLink>: {v.score}
          </>
        )}
      </ItemList>

      <h2>{t("member.activity")}</h2>
      <ActivityList rows={m.activity} />
    </>
  );
}

/** A well-formed address the read model does not know: not a member (yet), and where to start. */
export function ErrorBoundary() {
  const { t } = useI18n();
  return (
    <GeneralErrorBoundary
      next={{
        404: (
          <p className="not-a-member">
            <Trans t={t} i18nKey="member.notAMember" components={{ go: <Link to="/" /> }} />
          </p>
        ),
      }}
    />
  );
}
