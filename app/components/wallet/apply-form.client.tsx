/**
 * The chapter page's Apply control (issue 28 items 1 and 5). It asks /me/application-statement
 * first (the page itself is the same for every applicant, app/routes/chapters.$chapterId.tsx):
 * an account that has not confirmed /before-applying gets a link there instead (back here after);
 * one that has gets the optional statement and way to reach it (its draft, if it wrote one), and
 * Apply, which saves the statement and then sends the application like any operation button
 * (./operation-button.client.tsx). A refusal of the statement shows here in the page's language,
 * and nothing is signed.
 */
import { Link } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { message, saidOf, say, type Message } from "../../i18n/message";
import { useI18n } from "../../i18n/use-i18n";
import { CONTACT_MAX, STATEMENT_KEPT_DAYS, STATEMENT_MAX } from "../../utils/application-statement";
import { Status, useOperation } from "./operation-button.client";

type Draft = { statement: string | null; contact: string | null };
type Loaded = { confirmed: boolean; own: Draft | null };

export function ApplyForm({ chapterId, account }: { chapterId: string; account: string }) {
  const { t } = useI18n();
  const op = useOperation("applyForChapterMembership");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [refusal, setRefusal] = useState<Message | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    fetch(`/me/application-statement?chapter=${chapterId}`, { headers: { accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<Loaded>) : null))
      .catch(() => null)
      // Unknown (signed out meanwhile, database away): the form, and the server says what is wrong on Apply.
      .then((answer) => current && setLoaded(answer ?? { confirmed: true, own: null }));
    return () => void (current = false);
  }, [chapterId]);

  if (!loaded) return null;
  if (!loaded.confirmed) {
    return (
      <span className="apply-first">
        <Link to={`/before-applying?next=/chapters/${chapterId}`}>{t("chapter.apply")}</Link> <span className="muted">{t("statement.readFirst")}</span>
      </span>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = new URLSearchParams({ account, chapterId, statement: String(form.get("statement") ?? ""), contact: String(form.get("contact") ?? "") });
    setRefusal(null);
    setSaving(true);
    try {
      const response = await fetch("/me/application-statement", { method: "POST", body });
      if (!response.ok) {
        const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
        return setRefusal(saidOf(answer) ?? message("errors.unexpected"));
      }
    } catch {
      return setRefusal(message("errors.unexpected"));
    } finally {
      setSaving(false);
    }
    void op.run({ chapterId });
  }

  const id = (name: string) => `apply-${chapterId}-${name}`;
  return (
    <form className="operation apply-form" data-operation="applyForChapterMembership" onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="muted">{t("statement.intro", { days: STATEMENT_KEPT_DAYS })}</p>
      <div className="profile-field">
        <label htmlFor={id("statement")}>{t("statement.label")}</label>
        <textarea id={id("statement")} name="statement" rows={4} defaultValue={loaded.own?.statement ?? ""} aria-describedby={id("statement-hint")} />
        <p id={id("statement-hint")} className="hint muted">
          {t("statement.hint", { max: STATEMENT_MAX })}
        </p>
      </div>
      <div className="profile-field">
        <label htmlFor={id("contact")}>{t("statement.contact")}</label>
        <input id={id("contact")} name="contact" defaultValue={loaded.own?.contact ?? ""} aria-describedby={id("contact-hint")} />
        <p id={id("contact-hint")} className="hint muted">
          {t("statement.contactHint", { max: CONTACT_MAX })}
        </p>
      </div>
      {refusal ? (
        <p className="form-error" role="alert">
          {say(t, refusal)}
        </p>
      ) : null}
      <button type="submit" disabled={!op.ready || op.running || saving}>
        {t("chapter.apply")}
      </button>
      <Status state={op} />
    </form>
  );
}
