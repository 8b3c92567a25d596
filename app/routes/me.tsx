/**
 * /me: the signed-in account's own page. Its chapter and status, its application, every role it
 * holds, the evaluations of its chapter that await its vote (with the vote form), recommendations
 * given, recent activity, and leaving the chapter or the party; its profile (POST /me/profile) and
 * its data (GET /me/data.json, POST /me/erase). An account in no chapter sees what
 * it can do next. Personal, so never cached; without a session, a 401 that says to sign in.
 */
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans } from "react-i18next";
import { ActivityList } from "../components/activity-list";
import { ClientOnly } from "../components/client-only";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { Fact, Facts } from "../components/facts";
import { ItemList } from "../components/item-list";
import { AddressLink, ChapterLink } from "../components/links";
import { PendingList } from "../components/pending-list";
import { Recommended } from "../components/recommended";
import { languageOf } from "../i18n/i18n.server";
import { tFor } from "../i18n/instance";
import { pageMeta } from "../i18n/meta";
import { message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { MyApplication, MyRoles, VotesAwaiting } from "../components/me/standing";
import { DevicesSection } from "../components/me/devices";
import { MembershipProof } from "../components/me/proof";
import { TelegramSection } from "../components/me/telegram";
import { NotificationsSection } from "../components/me/notifications";
import { MyDataSection } from "../components/me/my-data";
import { ProfileSection } from "../components/me/profile";
import { notificationsSection, telegramSettings } from "../services/telegram.server";
import { Leaving } from "../components/roles/member/section";
import { PendingWatcher } from "../components/wallet/lazy";
import { ownersOfAccount } from "../models/account-owners.server";
import { namePasskey, namesOfPasskeys } from "../models/passkey-names.server";
import { listEvaluationsAwaitingVote } from "../models/evaluations.server";
import { getMember } from "../models/members.server";
import { getOwnProfile } from "../models/profiles.server";
import { ownStatements } from "../models/application-statements.server";
import { MyStatements } from "../components/me/statements";
import { pendingOperationsFor } from "../models/pending-operations.server";
import { findSession } from "../models/sessions.server";
import { chapterLabel } from "../ground/format";
import { PASSKEY_NAME_MAX } from "../utils/device-link";
import { invariantResponse } from "../utils/http.server";
import { enforcePost } from "../utils/post-guard.server";
import { readLimited } from "../ground/read-limited";
import { readSessionToken } from "../utils/session-cookie.server";
import { useViewer } from "../utils/viewer";

/** One account's page: no shared cache may keep it. */
export const headers: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? { "Cache-Control": "private, no-store" };

export const meta = pageMeta<typeof loader>((t) => ({ title: t("me.title"), description: t("meta.me") }));

/** How many of the chapter's evaluations without my vote the page lists. */
const AWAITING_LIMIT = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await findSession(readSessionToken(request));
  invariantResponse(session, message("errors.signInForMe"), { status: 401 });
  const { address } = session;
  const [member, pending, telegram, owners, names, notifications, profile, statements] = await Promise.all([
    getMember(address),
    pendingOperationsFor({ account: address, sender: address }),
    telegramSettings(address),
    ownersOfAccount({ account: address }),
    namesOfPasskeys(address),
    notificationsSection(address),
    getOwnProfile(address),
    ownStatements(address),
  ]);
  const chapterId = member?.status === "member" ? member.chapterId : null;
  const awaiting = chapterId ? await listEvaluationsAwaitingVote({ chapterId, voter: address, limit: AWAITING_LIMIT }) : [];
  return { address, member, pending, awaiting, telegram, owners, names, notifications, profile, statements };
}

/** The naming form's fields: an owner (172 characters) and a name. */
const FORM_LIMIT = 1024;

/** Names a passkey of the signed-in account (the form in components/me/devices.tsx): 400 with a message for a bad field. */
export async function action({ request, context }: ActionFunctionArgs) {
  await enforcePost(request, { bucket: "default", context });
  const session = await findSession(readSessionToken(request));
  invariantResponse(session, message("errors.signInForNames"), { status: 401 });
  const t = tFor(await languageOf(request));
  const refuse = (status: number, error: string) => data({ error, named: null as string | null }, { status });
  const body = await readLimited(request, FORM_LIMIT);
  if (body === undefined) return refuse(413, t("devices.formTooLarge", { limit: FORM_LIMIT }));
  const form = new URLSearchParams(body);
  if (form.get("intent") !== "name-passkey") return refuse(400, t("devices.unknownForm"));
  const name = (form.get("name") ?? "").trim();
  if (name.length > PASSKEY_NAME_MAX || /\p{Cc}/u.test(name)) {
    return refuse(400, t("devices.nameInvalid", { max: PASSKEY_NAME_MAX }));
  }
  const owner = (form.get("owner") ?? "").toLowerCase();
  const owners = await ownersOfAccount({ account: session.address });
  if (!owners.some((o) => o.owner.toLowerCase() === owner)) return refuse(400, t("devices.notYours"));
  await namePasskey({ account: session.address, owner: owner as `0x${string}`, name });
  return { error: null, named: owner };
}

export default function Me() {
  const { address, member: m, pending, awaiting, telegram, owners, names, notifications, profile, statements } = useLoaderData<typeof loader>();
  // The status-carrying data() leaves Remix's inferred type without its fields.
  const named = useActionData<typeof action>() as { error: string | null } | undefined;
  const viewer = useViewer();
  const { t } = useI18n();
  const inChapter = m?.status === "member" && m.chapterId ? m.chapterId : null;
  const chapterName = inChapter ? chapterLabel({ id: inChapter, locationText: m?.chapterLocation }, t) : null;
  const application = m?.applications[0];
  const standing = {
    chapter: chapterName,
    chapterExecutive: !!m?.executiveOf,
    centralCommittee: (m?.centralCommitteeOf.length ?? 0) > 0,
    partyExecutive: !!m?.partyExecutive,
    pendingApplication: application?.status === "applied",
  };
  return (
    <>
      <h1>{t("me.title")}</h1>
      <p className="address">
        <AddressLink address={address} /> <span className="muted">{address}</span>
      </p>
      <Facts className="card">
        <Fact term={t("member.chapter")}>
          {inChapter ? <ChapterLink id={inChapter} label={m?.chapterLocation} /> : "–"}{" "}
          <span className="member-status">({t(`status.member.${m?.status ?? "none"}`)})</span>
        </Fact>
        <Fact term={t("member.partyMember")}>{m?.partyMember ? t("common.yes") : t("common.no")}</Fact>
      </Facts>

      <ProfileSection account={address} profile={profile} />

      {!inChapter ? (
        <section className="next-steps">
          <h2>{t("me.next")}</h2>
          <p>
            <Trans
              t={t}
              i18nKey={standing.pendingApplication ? "me.nextWhileApplied" : "me.nextApply"}
              components={{ list: <Link to="/" /> }}
            />
          </p>
        </section>
      ) : null}

      {pending.length > 0 ? (
        <>
          <h2>{t("me.onTheWay")}</h2>
          <PendingList pending={pending}>{(p) => <span className="muted"> {t(`status.operation.${p.status}`)}</span>}</PendingList>
          <ClientOnly>
            <PendingWatcher hashes={pending.map((p) => p.userOpHash)} />
          </ClientOnly>
        </>
      ) : null}

      <h2>{t("me.application")}</h2>
      <MyApplication application={application} />
      <MyStatements account={address} statements={statements} />

      <h2>{t("me.roles")}</h2>
      <MyRoles viewer={viewer} />

      <h2>{t("me.awaiting")}</h2>
      <VotesAwaiting evaluations={awaiting} inChapter={!!inChapter} />

      <h2>{t("me.recommendations")}</h2>
      <ItemList items={m?.recommendationsGiven ?? []} itemKey={(r) => `${r.account}-${r.block}`} empty={t("common.none")}>
        {(r) => <Recommended account={r.account} chapterId={r.chapterId} />}
      </ItemList>

      <h2>{t("me.activity")}</h2>
      <ActivityList rows={m?.activity ?? []} />

      <TelegramSection {...telegram} />
      <NotificationsSection {...notifications} />
      <MembershipProof />
      <DevicesSection account={address} owners={owners} names={names} error={named?.error ?? null} />

      <Leaving standing={standing} />

      <MyDataSection account={address} />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
