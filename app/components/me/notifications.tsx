/**
 * /me's Notifications section: which kinds of news the member wants on Telegram (a plain form to
 * /me/notifications, app/routes/me_.notifications.tsx, that works without JavaScript), whether
 * Telegram refused their chat (then: start the bot, link again), and the last messages sent.
 * Shown with a linked Telegram account only: messages go to it.
 */
import { Trans } from "react-i18next";
import { useI18n } from "../../i18n/use-i18n";
import type { NotificationsSectionProps } from "../../services/telegram.server";
import { NOTIFICATION_KINDS } from "../../utils/notification-kinds";
import { Time } from "../time";

export function NotificationsSection({ account, linked, blocked, kinds, chosen, recent, botUrl }: NotificationsSectionProps) {
  const { t } = useI18n();
  return (
    <section className="notifications" id="notifications" data-linked={linked ? "yes" : "no"} data-blocked={blocked ? "yes" : "no"}>
      <h2>{t("notifications.heading")}</h2>
      {!linked ? (
        <p className="muted">{t("notifications.linkFirst")}</p>
      ) : (
        <>
          {blocked ? (
            <p className="notifications-blocked" role="alert">
              {botUrl ? (
                <Trans t={t} i18nKey="notifications.blockedAt" values={{ bot: botUrl.replace(/^https:\/\//, "") }} components={{ bot: <a href={botUrl} /> }} />
              ) : (
                t("notifications.blocked")
              )}
            </p>
          ) : null}
          <form method="post" action="/me/notifications" className="notification-kinds">
            <input type="hidden" name="account" value={account} />
            <fieldset>
              <legend>{t("notifications.legend")}</legend>
              {NOTIFICATION_KINDS.map((kind) => (
                <label key={kind}>
                  <input type="checkbox" name="kind" value={kind} defaultChecked={kinds.includes(kind)} /> {t(`notifications.kind.${kind}`)}
                </label>
              ))}
            </fieldset>
            {chosen ? null : <p className="muted">{t("notifications.defaults")}</p>}
            <button type="submit">{t("notifications.save")}</button>
          </form>
          {recent.length > 0 ? (
            <>
              <h3>{t("notifications.last")}</h3>
              <ul className="notification-messages">
                {recent.map((m) => (
                  <li key={m.key} data-status={m.status}>
                    <span className="muted">
                      <Time at={m.createdAt} relative />
                    </span>{" "}
                    {m.text} <span className="muted">({t(`notifications.status.${m.status}`)})</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
