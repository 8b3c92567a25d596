/**
 * /me's Telegram controls (see ./telegram.tsx). Linking takes the login widget's data (Telegram's
 * own widget in production; locally the stand-in POST /dev/telegram-login, since telegram.org
 * cannot be reached) and sends it as `register_telegram`; "Show"/"Hide" send
 * `set_telegram_visibility`, "Unlink" `unlink_telegram`. Commands go as SPEC 7 says: with the
 * session cookie, signed with the passkey when the server asks (401). A failure shows SPEC 8's
 * "Error sending command: {message} ({status})"; a success reloads the page's data.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { saidOf } from "../../i18n/message";
import { localizeSpecText, sayServerMessage, type SpecText } from "../../i18n/spec-texts";
import { useI18n } from "../../i18n/use-i18n";
import {
  CommandError,
  newCommandMessage,
  sendCommand,
  telegramParamsOf,
  type CommandFailure,
  type CommandName,
  type TelegramWidgetUser,
} from "../../utils/command-typed-data";
import { useViewer } from "../../utils/viewer";
import { useWallet, useWalletConfig } from "../wallet/use-wallet";
import type { TelegramSectionProps } from "../../services/telegram.server";

/** Sends one command at a time as the signed-in member; keeps the last error. */
function useCommand() {
  const { controller } = useWallet();
  const config = useWalletConfig();
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ running: CommandName | null; error: SpecText | null }>({ running: null, error: null });

  async function send(name: CommandName, params: string[] = []) {
    if (!controller || !config || state.running) return;
    setState({ running: name, error: null });
    try {
      const { wallet, address } = await controller.requireWallet();
      await sendCommand({
        message: newCommandMessage(address, name, params),
        sign: (typedData) => wallet.signTypedData(typedData),
        verifyingContract: config.partyAddress,
      });
      setState({ running: null, error: null });
      revalidator.revalidate();
    } catch (error) {
      await failWith(error);
    }
  }

  async function failWith(error: unknown) {
    const { describeWalletError } = await import("../../wallet/describe-error");
    setState({ running: null, error: error instanceof CommandError ? error.alert : describeWalletError(error) });
  }

  return { ...state, send, alert: (message: string) => setState({ running: null, error: message }), ready: controller !== null && config !== null };
}

export default function TelegramControls({ link, login }: TelegramSectionProps) {
  const command = useCommand();
  const { t } = useI18n();
  const busy = !command.ready || command.running !== null;
  const register = (user: TelegramWidgetUser) => void command.send("register_telegram", telegramParamsOf(user));
  return (
    <div className="telegram-controls">
      {link ? (
        <>
          <button type="button" disabled={busy} onClick={() => void command.send("set_telegram_visibility", [String(!link.visible)])}>
            {link.visible ? t("telegram.hide") : t("telegram.show")}
          </button>{" "}
          <button type="button" disabled={busy} onClick={() => void command.send("unlink_telegram")}>
            {t("telegram.unlink")}
          </button>
        </>
      ) : login?.kind === "widget" ? (
        <TelegramWidget botName={login.botName} onAuth={register} />
      ) : login?.kind === "stand-in" ? (
        <StandIn disabled={busy} onAuth={register} onError={command.alert} />
      ) : null}
      {command.running ? <output className="command-status"> {t("telegram.sending")}</output> : null}
      {command.error ? (
        <>
          {" "}
          <span role="alert" data-status="failed">
            {localizeSpecText(command.error, t)}
          </span>
        </>
      ) : null}
    </div>
  );
}

/** The page-wide name the widget calls back (`data-onauth`): the widget takes a global function's name. */
const CALLBACK = "partyTelegramAuth";

/** Telegram's Login Widget for the bot (https://core.telegram.org/widgets/login): its button, in Telegram's frame. */
function TelegramWidget({ botName, onAuth }: { botName: string; onAuth: (user: TelegramWidgetUser) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(onAuth);
  latest.current = onAuth;
  const [failed, setFailed] = useState(false);
  const { t } = useI18n();
  useEffect(() => {
    const holder = box.current;
    if (!holder) return;
    (window as unknown as Record<string, unknown>)[CALLBACK] = (user: TelegramWidgetUser) => latest.current(user);
    const script = document.createElement("script");
    script.src = "https://telegram.org/js/telegram-widget.js?22";
    script.async = true;
    script.dataset.telegramLogin = botName;
    script.dataset.size = "medium";
    script.dataset.userpic = "false";
    script.dataset.onauth = `${CALLBACK}(user)`;
    script.onerror = () => setFailed(true);
    holder.append(script);
    return () => {
      holder.replaceChildren();
      delete (window as unknown as Record<string, unknown>)[CALLBACK];
    };
  }, [botName]);
  return (
    <div className="telegram-widget" data-bot={botName} ref={box}>
      {failed ? <span role="alert">{t("telegram.widgetFailed")}</span> : null}
    </div>
  );
}

/** The local stand-in: a made-up Telegram username, and the widget's data for it from the server. */
function StandIn({ disabled, onAuth, onError }: { disabled: boolean; onAuth: (user: TelegramWidgetUser) => void; onError: (message: string) => void }) {
  const viewer = useViewer();
  const [asking, setAsking] = useState(false);
  const { t } = useI18n();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const username = String(new FormData(event.currentTarget).get("username") ?? "").trim();
    setAsking(true);
    try {
      const response = await fetch("/dev/telegram-login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username }),
      });
      const body = (await response.json().catch(() => ({}))) as TelegramWidgetUser & CommandFailure;
      const english = body.message ?? response.statusText;
      const said = saidOf(body);
      // The stand-in answers `{ message, key, values }`: said in the page's language.
      const text = said ? sayServerMessage(t, said, english) : english;
      if (response.ok) onAuth(body);
      else onError(t("telegram.standInFailed", { message: `${text} (${response.status})` }));
    } catch (error) {
      onError(t("telegram.standInFailed", { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setAsking(false);
    }
  };
  return (
    <form className="telegram-stand-in" onSubmit={(event) => void submit(event)}>
      <label>
        {t("telegram.standInLabel")}{" "}
        <input name="username" defaultValue={`member_${(viewer?.address ?? "0x").slice(2, 10).toLowerCase()}`} autoComplete="off" size={24} />
      </label>{" "}
      <button type="submit" disabled={disabled || asking}>
        {t("telegram.link")}
      </button>
    </form>
  );
}
