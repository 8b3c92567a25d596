/**
 * /me's Telegram section: what is linked and whether the member page shows it, and the controls
 * (./telegram-controls.client.tsx, loaded lazily): link with Telegram's login widget (production)
 * or the local stand-in, show or hide the username, unlink. Each is a signed command.
 */
import { lazy } from "react";
import type { TelegramLoginMethod } from "../../services/telegram.server";
import { ClientOnly } from "../client-only";

const TelegramControls = lazy(() => import("./telegram-controls.client"));

export type TelegramSectionProps = {
  link: { username: string; visible: boolean } | null;
  login: TelegramLoginMethod;
};

export function TelegramSection({ link, login }: TelegramSectionProps) {
  return (
    <section className="telegram" data-login={login?.kind ?? "none"} data-linked={link ? (link.visible ? "shown" : "hidden") : "no"}>
      <h2>Telegram</h2>
      <p className="telegram-status">
        {link ? (
          <>
            Linked to <strong>@{link.username}</strong>: {link.visible ? "shown on your member page" : "hidden from your member page"}.
          </>
        ) : (
          "No Telegram account is linked."
        )}
      </p>
      {link || login ? (
        <ClientOnly>
          <TelegramControls link={link} login={login} />
        </ClientOnly>
      ) : (
        <p className="muted">Linking Telegram is not set up on this server.</p>
      )}
    </section>
  );
}
