/**
 * /add-device on the new device (local wallet): creates a passkey here, shows the link and QR code
 * that carry its public key, and asks GET /api/accounts every few seconds whether an account lists
 * it as an owner yet; then offers to sign in with it. The key is kept in this tab's
 * sessionStorage until then, so a reload shows the same link.
 */
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { Address, Hex } from "viem";
import { localizeSpecText, type SpecText } from "../../i18n/spec-texts";
import { useI18n } from "../../i18n/use-i18n";
import { deviceLink, isDeviceKey, ownerOfKey } from "../../utils/device-link";
import { shortAddress } from "../../ground/format";
import { createPasskey } from "../../wallet/local/passkey";
import { QrCode } from "../qr-code";
import { useWallet, useWalletConfig } from "../wallet/use-wallet";

const PENDING_KEY = "party.wallet.new-device";
/** How often to ask whether the passkey was added (a person opening a link takes seconds). */
const POLL_MS = 2000;

const storedKey = (): Hex | null => {
  const key = window.sessionStorage.getItem(PENDING_KEY) ?? "";
  return isDeviceKey(key) ? key : null;
};

export default function NewDevice() {
  const verifier = useWalletConfig()?.local?.webAuthnVerifier;
  const { controller, snapshot } = useWallet();
  const [key, setKey] = useState<Hex | null>(storedKey);
  const [state, setState] = useState<{ creating: boolean; error: SpecText | null }>({ creating: false, error: null });
  const [account, setAccount] = useState<Address | null>(null);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const { t } = useI18n();

  // Once the key is shown: has an account added it yet?
  useEffect(() => {
    if (!key || !verifier || account) return;
    const query = `/api/accounts?owner=${ownerOfKey(key, verifier)}`;
    let live = true;
    const ask = async () => {
      const answer = (await fetch(query, { headers: { accept: "application/json" } })
        .then((r) => r.json())
        .catch(() => null)) as { accounts?: { account: Address }[] } | null;
      const found = answer?.accounts?.[0]?.account;
      if (live && found) setAccount(found);
    };
    void ask();
    const timer = window.setInterval(() => void ask(), POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [key, verifier, account]);

  async function create() {
    setState({ creating: true, error: null });
    try {
      const passkey = await createPasskey();
      window.sessionStorage.setItem(PENDING_KEY, passkey.publicKey);
      setKey(passkey.publicKey);
      setState({ creating: false, error: null });
    } catch (error) {
      const { describeWalletError } = await import("../../wallet/describe-error");
      setState({ creating: false, error: describeWalletError(error) });
    }
  }

  const signedIn = snapshot?.state.status === "connected" && account !== null && snapshot.state.user.address.toLowerCase() === account.toLowerCase();
  useEffect(() => {
    if (signedIn) window.sessionStorage.removeItem(PENDING_KEY);
  }, [signedIn]);

  if (!key) {
    return (
      <div className="new-device">
        <button type="button" disabled={state.creating} onClick={() => void create()}>
          {t("addDevice.create")}
        </button>
        {state.creating ? <output className="operation-status">{t("wallet.status.creating")}</output> : null}
        {state.error ? <span role="alert">{localizeSpecText(state.error, t)}</span> : null}
      </div>
    );
  }
  const link = deviceLink(window.location.origin, key);
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  return (
    <div className="new-device card" data-added={account ? "yes" : "no"}>
      {account ? (
        <p className="added">
          {t("addDevice.addedTo", { account: shortAddress(account) })}{" "}
          {signedIn ? (
            <Link to="/me">{t("addDevice.goToMe")}</Link>
          ) : (
            <button type="button" disabled={!controller} onClick={() => void controller?.signIn()}>
              {t("addDevice.signInWithIt")}
            </button>
          )}
        </p>
      ) : (
        <p className="waiting">{t("addDevice.waiting")}</p>
      )}
      <p>
        <a className="device-link address" href={link}>
          {link}
        </a>{" "}
        <button type="button" onClick={() => void copy()}>
          {copied === "yes" ? t("copy.copied") : t("copy.link")}
        </button>
        {copied === "failed" ? <span role="alert"> {t("copy.linkFailed")}</span> : null}
      </p>
      <QrCode value={link} label={t("addDevice.qr")} pixelsPerModule={3} />
    </div>
  );
}
