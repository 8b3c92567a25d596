/**
 * /dev/roles — local chain only (PARTY_ENV=local; 404 anywhere else): gives the signed-in account
 * any of the party's roles with one click, so a newcomer can try the executive side. Each button
 * POSTs here; the action sends what the role needs (app/services/dev-roles.server.ts, the same as
 * `npm run grant`) and the page says what was done. A proposed party admin accepts here with the
 * wallet (acceptPartyAdmin).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { Trans } from "react-i18next";
import { ClientOnly } from "../components/client-only";
import { OperationButton } from "../components/wallet/lazy";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink, ChapterLink } from "../components/links";
import { pageMeta } from "../i18n/meta";
import type { Message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { listChapters } from "../models/chapters.server";
import { CHAPTER_ROLES, ROLES, type Role } from "../services/dev-roles.server";
import { grantFromForm, requireLocalParty, roleStanding, signedInAccount, type Granted, type RoleStanding } from "../services/dev-roles-page.server";
import { chapterLabel } from "../ground/format";
import { enforcePost } from "../utils/post-guard.server";

export const meta = pageMeta((t) => ({ title: t("devRoles.title"), description: t("meta.devRoles"), extra: [{ name: "robots", content: "noindex" }] }));

/** The command line that does the same (a command: the same in every language). */
const GRANT_COMMAND = "npm run grant -- <address> <role> [chapterId]";

/** Each role's button, in words. */
const ROLE_KEYS: Record<Role, string> = {
  member: "devRoles.role.member",
  "chapter-executive": "devRoles.role.chapterExecutive",
  "party-executive": "devRoles.role.partyExecutive",
  "chapter-admin": "devRoles.role.chapterAdmin",
  "evaluation-minter": "devRoles.role.evaluationMinter",
  "info-sender": "devRoles.role.infoSender",
  "party-admin": "devRoles.role.partyAdmin",
};

export async function loader({ request }: LoaderFunctionArgs) {
  requireLocalParty();
  const account = await signedInAccount(request);
  const [standing, chapters] = await Promise.all([roleStanding(account), listChapters()]);
  // The roles come from the server module (the browser bundle has none of it).
  const roles = ROLES.map((role) => ({ role, inChapter: CHAPTER_ROLES.includes(role) }));
  return { account, standing, roles, chapters: chapters.map((c) => ({ id: c.id, locationText: c.locationText })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireLocalParty();
  await enforcePost(request, { bucket: "default", context });
  const account = await signedInAccount(request);
  const outcome = await grantFromForm(request, account);
  if (outcome.status !== 200) return data({ error: outcome.error, result: null }, { status: outcome.status });
  return { error: null, result: outcome.result };
}

/** The action's answer (the status-carrying `data()` leaves Remix's inferred type without its fields); its texts are keyed messages with plain values. */
type ActionData = { error: Message | null; result: Granted | null };

/** What the account holds of `role` now, in words; null when it holds nothing of it. */
function held(role: Role, account: string, s: RoleStanding, t: TFunction) {
  switch (role) {
    case "member":
      return s.memberChapter ? <Trans t={t} i18nKey="devRoles.memberOf" components={{ chapter: <ChapterLink id={s.memberChapter} /> }} /> : null;
    case "chapter-executive":
      return s.executiveOf ? <Trans t={t} i18nKey="devRoles.executiveOf" components={{ chapter: <ChapterLink id={s.executiveOf} /> }} /> : null;
    case "party-executive":
      return s.partyExecutive ? t("common.yes") : null;
    case "party-admin":
      return s.partyAdmin === account ? t("common.yes") : s.pendingPartyAdmin === account ? t("devRoles.proposed") : null;
    default: {
      const holder = { "chapter-admin": s.chapterAdmin, "evaluation-minter": s.evaluationMinter, "info-sender": s.infoSender }[role];
      return holder === account ? t("common.yes") : null;
    }
  }
}

export default function DevRoles() {
  const { account, standing, roles, chapters } = useLoaderData<typeof loader>();
  const outcome = useActionData() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const defaultChapter = standing.memberChapter ?? chapters[0]?.id;
  const { t } = useI18n();
  return (
    <>
      <h1>{t("devRoles.title")}</h1>
      <p>
        <Trans t={t} i18nKey="devRoles.intro" components={{ account: <AddressLink address={account} /> }} /> <code>{GRANT_COMMAND}</code>{" "}
        {t("devRoles.sameCommand")}
      </p>

      {outcome?.result ? (
        <section className="card" data-granted={outcome.result.role}>
          <h2>{t("devRoles.done", { role: t(ROLE_KEYS[outcome.result.role]) })}</h2>
          <ul>
            {outcome.result.done.map((line, index) => (
              <li key={index}>{t(line.key, line.values)}</li>
            ))}
          </ul>
          {outcome.result.next ? <p>{t(outcome.result.next.key, outcome.result.next.values)}</p> : null}
          <p className="muted">
            <Trans t={t} i18nKey="devRoles.indexerShows" components={{ member: <Link to={`/members/${account}`} />, party: <Link to="/party" /> }} />
          </p>
        </section>
      ) : null}
      {outcome?.error ? (
        <p role="alert" data-status="failed">
          {t(outcome.error.key, outcome.error.values)}
        </p>
      ) : null}

      {standing.pendingPartyAdmin === account ? (
        <p className="card" data-pending="party-admin">
          {t("devRoles.youAreProposed")}{" "}
          <ClientOnly>
            <OperationButton operation="acceptPartyAdmin" args={{}}>
              {t("party.acceptAdmin")}
            </OperationButton>
          </ClientOnly>
        </p>
      ) : null}

      <ul className="dev-roles">
        {roles.map(({ role, inChapter }) => {
          const now = held(role, account, standing, t);
          return (
            <li key={role} data-role={role}>
              <Form method="post">
                <input type="hidden" name="role" value={role} />
                <button type="submit" disabled={busy}>
                  {t(ROLE_KEYS[role])}
                </button>
                {inChapter && chapters.length > 0 ? (
                  <>
                    {" "}
                    <label>
                      {t("devRoles.in")}{" "}
                      <select name="chapterId" defaultValue={defaultChapter}>
                        {chapters.map((c) => (
                          <option key={c.id} value={c.id}>
                            {chapterLabel(c, t)}
                          </option>
                        ))}
                      </select>
                    </label>
                  </>
                ) : null}{" "}
                <span className="muted" data-held={now ? "yes" : "no"}>
                  {now ? (
                    <>
                      {t("devRoles.held")} {now}
                    </>
                  ) : (
                    t("devRoles.notHeld")
                  )}
                </span>
              </Form>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
