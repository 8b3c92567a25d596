/**
 * /me's Telegram section: what is linked and whether the member page shows it, and the controls
 * (./telegram-controls.client.tsx, loaded lazily): link with Telegram's login widget (production)
 * or the local stand-in, show or hide the username, unlink. Each is a signed command.
 */
import { lazy } from "react";
import { Trans } from "react-i18next";
import { useI18n } from "../../i18n/use-i18n";
import type { TelegramSectionProps } from "../../services/telegram.server";
import { ClientOnly } from "../client-only";

const TelegramControls = lazy(() => import("./telegram-controls.client"));

export function TelegramSection({ link, login }: TelegramSectionProps) {
  const { t } = useI18n();
  return (
    <section className="telegram" data-login={login?.kind ?? "none"} data-linked={link ? (link.visible ? "shown" : "hidden") : "no"}>
      <h2>{t("telegram.heading")}</h2>
      <p className="telegram-status">
        {link ? (
          <Trans
            t={t}
            i18nKey={link.visible ? "telegram.linkedShown" : "telegram.linkedHidden"}
            values={{ username: link.username }}
            components={{ name: <strong /> }}
          />
        ) : (
          t("telegram.none")
        )}
      </p>
      {link || login ? (
        <ClientOnly>
          <TelegramControls link={link} login={login} />
        </ClientOnly>
      ) : (
        <p className="muted">{t("telegram.notSetUp")}</p>
      )}
    </section>
  );
}
