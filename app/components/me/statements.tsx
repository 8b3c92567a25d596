/**
 * /me: what the account said with its applications (issue 28 item 1), drafts too, with when each
 * is deleted (docs/decisions/0015) and a button that deletes it now (POST /me/application-statement).
 */
import { Form } from "@remix-run/react";
import { useI18n } from "../../i18n/use-i18n";
import { ApplicationStatement } from "../application-statement";
import { ChapterLink } from "../links";

type Own = { chapterId: string; statement: string | null; contact: string | null; state: "draft" | "applied" | "approved" | "rejected"; deletedAfter: string | null };

export function MyStatements({ account, statements }: { account: string; statements: Own[] }) {
  const { t } = useI18n();
  if (statements.length === 0) return null;
  return (
    <section className="my-statements" id="statements">
      <h3>{t("statement.mine")}</h3>
      <p className="muted">{t("statement.whoReads")}</p>
      {statements.map((s) => (
        <div key={s.chapterId} className="statement" data-chapter={s.chapterId} data-state={s.state}>
          <p>
            <ChapterLink id={s.chapterId} /> <span className="muted">{t(`statement.state.${s.state}`)}</span>
            {s.deletedAfter ? <span className="muted"> {t("statement.keptUntil", { day: s.deletedAfter })}</span> : null}
          </p>
          <ApplicationStatement statement={s.statement} contact={s.contact} />
          <Form method="post" action="/me/application-statement" reloadDocument>
            <input type="hidden" name="account" value={account} />
            <input type="hidden" name="chapterId" value={s.chapterId} />
            <button type="submit" name="intent" value="delete">
              {t("statement.delete")}
            </button>
          </Form>
        </div>
      ))}
    </section>
  );
}
