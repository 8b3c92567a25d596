/**
 * /dev/roles — local chain only (PARTY_ENV=local; 404 anywhere else): gives the signed-in account
 * any of the party's roles with one click, so a newcomer can try the executive side. Each button
 * POSTs here; the action sends what the role needs (app/services/dev-roles.server.ts, the same as
 * `npm run grant`) and the page says what was done. A proposed party admin accepts here with the
 * wallet (acceptPartyAdmin).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ClientOnly, OperationButton } from "../components/client-only";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink, ChapterLink } from "../components/links";
import { listChapters } from "../models/chapters.server";
import { CHAPTER_ROLES, ROLE_TEXT, ROLES, type Role } from "../services/dev-roles.server";
import { grantFromForm, requireLocalParty, roleStanding, signedInAccount, type RoleStanding } from "../services/dev-roles-page.server";
import { chapterLabel } from "../utils/format";
import { enforcePost } from "../utils/post-guard.server";

export const meta: MetaFunction = () => [{ title: "Roles for trying things out · Party" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireLocalParty();
  const account = await signedInAccount(request);
  const [standing, chapters] = await Promise.all([roleStanding(account), listChapters()]);
  // The role names come from the server module (the browser bundle has none of it).
  const roles = ROLES.map((role) => ({ role, text: ROLE_TEXT[role], inChapter: CHAPTER_ROLES.includes(role) }));
  return { account, standing, roles, chapters: chapters.map((c) => ({ id: c.id, label: chapterLabel(c) })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireLocalParty();
  await enforcePost(request, { bucket: "default", context });
  const account = await signedInAccount(request);
  const outcome = await grantFromForm(request, account);
  if (outcome.status !== 200) return data({ error: outcome.error, result: null }, { status: outcome.status });
  const { result } = outcome;
  return { error: null, result: { ...result, text: ROLE_TEXT[result.role], chapterId: result.chapterId?.toString() ?? null } };
}

/** The action's answer (the status-carrying `data()` leaves Remix's inferred type without its fields). */
type ActionData = {
  error: string | null;
  result: { role: Role; text: string; chapterId: string | null; done: string[]; next?: string } | null;
};

/** What the account holds of `role` now, in words; null when it holds nothing of it. */
function held(role: Role, account: string, s: RoleStanding) {
  switch (role) {
    case "member":
      return s.memberChapter ? <>member of <ChapterLink id={s.memberChapter} /></> : null;
    case "chapter-executive":
      return s.executiveOf ? <>executive of <ChapterLink id={s.executiveOf} /></> : null;
    case "party-executive":
      return s.partyExecutive ? <>yes</> : null;
    case "party-admin":
      return s.partyAdmin === account ? <>yes</> : s.pendingPartyAdmin === account ? <>proposed: accept it above</> : null;
    default: {
      const holder = { "chapter-admin": s.chapterAdmin, "evaluation-minter": s.evaluationMinter, "info-sender": s.infoSender }[role];
      return holder === account ? <>yes</> : null;
    }
  }
}

export default function DevRoles() {
  const { account, standing, roles, chapters } = useLoaderData<typeof loader>();
  const outcome = useActionData() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const defaultChapter = standing.memberChapter ?? chapters[0]?.id;
  return (
    <>
      <h1>Roles for trying things out</h1>
      <p>
        Local chain only. Signed in as <AddressLink address={account} />. Each button gives your account a role, sending what it
        needs with the local admin (anvil&apos;s first account): a chapter&apos;s membership is your application approved by a
        party executive; the chapter admin, evaluation minter and info sender roles move to you; the party admin is proposed,
        and you accept it here. <code>npm run grant -- &lt;address&gt; &lt;role&gt; [chapterId]</code> does the same.
      </p>

      {outcome?.result ? (
        <section className="card" data-granted={outcome.result.role}>
          <h2>Done: {outcome.result.text}</h2>
          <ul>
            {outcome.result.done.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {outcome.result.next ? <p>{outcome.result.next}</p> : null}
          <p className="muted">
            The indexer shows it on the pages within a few seconds: <Link to={`/members/${account}`}>your member page</Link>,{" "}
            <Link to="/party">the party</Link>.
          </p>
        </section>
      ) : null}
      {outcome?.error ? (
        <p role="alert" data-status="failed">
          {outcome.error}
        </p>
      ) : null}

      {standing.pendingPartyAdmin === account ? (
        <p className="card" data-pending="party-admin">
          You are the proposed party admin.{" "}
          <ClientOnly>
            <OperationButton operation="acceptPartyAdmin" args={{}}>
              Accept the party admin role
            </OperationButton>
          </ClientOnly>
        </p>
      ) : null}

      <ul className="dev-roles">
        {roles.map(({ role, text, inChapter }) => {
          const now = held(role, account, standing);
          return (
            <li key={role} data-role={role}>
              <Form method="post">
                <input type="hidden" name="role" value={role} />
                <button type="submit" disabled={busy}>
                  {text}
                </button>
                {inChapter && chapters.length > 0 ? (
                  <>
                    {" "}
                    <label>
                      in{" "}
                      <select name="chapterId" defaultValue={defaultChapter}>
                        {chapters.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.label}
                          </option>
                        ))}
                      </select>
                    </label>
                  </>
                ) : null}{" "}
                <span className="muted" data-held={now ? "yes" : "no"}>
                  {now ? <>held: {now}</> : "not held"}
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
