/**
 * What an applicant said with its application and how to reach it (issue 28 item 1), where its
 * readers see it: the review queue, the applicant's member page, /me. Plain text (the form refuses
 * markup); its line breaks are kept.
 */
import { useI18n } from "../i18n/use-i18n";
import { ChapterLink } from "./links";

export function ApplicationStatement({ statement, contact }: { statement: string | null; contact: string | null }) {
  const { t } = useI18n();
  return (
    <div className="application-statement">
      {/* The applicant's own words, in whatever script: their direction is their own. */}
      {statement ? (
        <p className="statement-text" dir="auto">
          {statement}
        </p>
      ) : null}
      {contact ? (
        <p className="statement-contact">
          <span className="muted">{t("statement.reachAt")}</span> <bdi>{contact}</bdi>
        </p>
      ) : null}
    </div>
  );
}

type Shown = { chapterId: string; applicationId: string; statement: string | null; contact: string | null; keptUntil: string | null };

/** A member page's statements, as its viewer may read them (app/models/application-statements.server.ts memberPageStatements). */
export function ShownStatements({ statements }: { statements: Shown[] }) {
  const { t } = useI18n();
  if (statements.length === 0) return null;
  return (
    <section className="statements">
      <h3>{t("statement.heading")}</h3>
      <p className="muted">{t("statement.whoReads")}</p>
      {statements.map((s) => (
        <div key={s.applicationId} className="statement" data-application={s.applicationId}>
          <p>
            <ChapterLink id={s.chapterId} />
            {s.keptUntil ? <span className="muted"> {t("statement.keptUntil", { day: s.keptUntil })}</span> : null}
          </p>
          <ApplicationStatement statement={s.statement} contact={s.contact} />
        </div>
      ))}
    </section>
  );
}
