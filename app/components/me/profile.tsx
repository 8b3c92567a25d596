/**
 * /me's Profile section: the display name and the short text, each with who sees it
 * (app/ground/profile-visibility.ts). The form posts to /me/profile (app/routes/me_.profile.tsx)
 * through a fetcher, so a refusal shows here beside what was typed; without JavaScript it is a
 * plain form post and the refusal comes back on that page.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { interpolation, type Message } from "../../i18n/message";
import { useI18n } from "../../i18n/use-i18n";
import { ABOUT_MAX, DISPLAY_NAME_MAX } from "../../utils/profile-fields";
import { VISIBILITIES, type Visibility } from "../../ground/profile-visibility";

export type ProfileValues = { displayName: string | null; displayNameVisibility: Visibility; about: string | null; aboutVisibility: Visibility };

export type ProfileSectionProps = {
  /** The signed-in account: the form says whose profile it sets. */
  account: string;
  profile: ProfileValues;
  /** Why the form was refused, when this render answers a refused post without JavaScript. */
  refused?: Message;
};

function VisibilityChoice({ id, name, value }: { id: string; name: string; value: Visibility }) {
  const { t } = useI18n();
  return (
    <label htmlFor={id} className="profile-visibility">
      {t("profile.whoSees")}{" "}
      <select id={id} name={name} defaultValue={value}>
        {VISIBILITIES.map((v) => (
          <option key={v} value={v}>
            {t(`profile.visibility.${v}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ProfileSection({ account, profile, refused }: ProfileSectionProps) {
  const { t } = useI18n();
  const fetcher = useFetcher<{ error?: Message }>();
  // What the last submission came to. A fetcher keeps its last data through a later redirect
  // (a save answers with one, to /me), so new data is told from old by identity.
  const [outcome, setOutcome] = useState<{ saved: true } | { refused: Message } | null>(refused ? { refused } : null);
  const before = useRef<unknown>(undefined);
  const busy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      if (!busy.current) before.current = fetcher.data;
      busy.current = true;
      setOutcome(null);
    } else if (busy.current) {
      busy.current = false;
      const answered = fetcher.data !== before.current ? fetcher.data?.error : undefined;
      setOutcome(answered ? { refused: answered } : { saved: true });
    }
  }, [fetcher.state, fetcher.data]);
  const error = outcome && "refused" in outcome ? outcome.refused : undefined;
  const saved = !!outcome && "saved" in outcome;

  return (
    <section className="profile" id="profile">
      <h2>{t("profile.heading")}</h2>
      <p className="muted">{t("profile.intro")}</p>
      <fetcher.Form method="post" action="/me/profile" className="profile-form">
        <input type="hidden" name="account" value={account} />
        <div className="profile-field">
          <label htmlFor="profile-name">{t("profile.displayName")}</label>
          <input
            id="profile-name"
            name="displayName"
            defaultValue={profile.displayName ?? ""}
            maxLength={DISPLAY_NAME_MAX * 2}
            autoComplete="nickname"
            aria-describedby="profile-name-hint"
          />
          <p id="profile-name-hint" className="hint muted">
            {t("profile.nameHint", { max: DISPLAY_NAME_MAX })}
          </p>
          <VisibilityChoice id="profile-name-visibility" name="displayNameVisibility" value={profile.displayNameVisibility} />
        </div>
        <div className="profile-field">
          <label htmlFor="profile-about">{t("profile.about")}</label>
          <textarea id="profile-about" name="about" defaultValue={profile.about ?? ""} rows={3} aria-describedby="profile-about-hint" />
          <p id="profile-about-hint" className="hint muted">
            {t("profile.aboutHint", { max: ABOUT_MAX })}
          </p>
          <VisibilityChoice id="profile-about-visibility" name="aboutVisibility" value={profile.aboutVisibility} />
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {t(error.key, interpolation(error.values))}
          </p>
        ) : null}
        <p role="status" className="form-status">
          {saved ? t("profile.saved") : ""}
        </p>
        <button type="submit" disabled={fetcher.state !== "idle"}>
          {t("profile.save")}
        </button>
      </fetcher.Form>
    </section>
  );
}
