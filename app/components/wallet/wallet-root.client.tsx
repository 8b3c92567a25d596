/**
 * The header's sign-in widget: the signer status (SPEC 4: initializing, authenticating,
 * connected, disconnected, error), Sign up / Sign in / Log out, and the wallet's alerts. Loaded
 * after hydration (../client-only.tsx); it carries the few style rules of the wallet UI, since
 * the write buttons only appear once it is there.
 */
import { useRevalidator } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useEffect, useRef } from "react";
import { localizeSpecText } from "../../i18n/spec-texts";
import { useI18n } from "../../i18n/use-i18n";
import { shortAddress } from "../../ground/format";
import type { SignerState } from "../../wallet/signer-state";
import { useWallet } from "./use-wallet";

function statusText(state: SignerState, t: TFunction): string {
  switch (state.status) {
    case "initializing":
      return t("wallet.status.initializing");
    case "disconnected":
      return t("wallet.status.disconnected");
    case "authenticating":
      return state.method === "sign-up" ? t("wallet.status.creating") : t("wallet.status.waiting");
    case "connected":
      return t("wallet.status.connected", { address: shortAddress(state.user.address) });
    case "error":
      return t("wallet.status.error");
  }
}

const STYLES = `
.wallet { display: flex; align-items: center; gap: 0.5rem; font-size: 0.85rem; }
.wallet button, .operation button { font: inherit; padding: 0.2rem 0.6rem; border-radius: 4px; border: 1px solid #8a93a6; background: #fff; color: #1d2330; cursor: pointer; }
.wallet button:disabled, .operation button:disabled { opacity: 0.6; cursor: default; }
.wallet-alert { position: fixed; top: 3.2rem; inset-inline-end: 1rem; max-width: 28rem; z-index: 10; background: #fff5f2; color: #6b1d0b; border: 1px solid #e0b4a8; border-radius: 6px; padding: 0.6rem 0.8rem; }
.wallet-alert button { margin-inline-start: 0.6rem; }
.operation { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.4rem; }
.operation-status { font-size: 0.8rem; color: #4a5263; }
.operation-status[data-status="failed"], .operation [role="alert"] { color: #a3290d; font-size: 0.85rem; }
.pending-badge { font-size: 0.8rem; background: #fff4d6; border: 1px solid #e8cf86; border-radius: 4px; padding: 0 0.3rem; }
`;

export default function WalletRoot() {
  const { controller, snapshot } = useWallet();
  const state: SignerState = snapshot?.state ?? { status: "initializing" };
  const busy = !controller || state.status === "initializing" || state.status === "authenticating";
  const { t } = useI18n();
  // Signed in or out on the server: the pages' data (the viewer's roles, "My page") follows.
  const revalidator = useRevalidator();
  const sessionChanges = useRef(0);
  useEffect(() => {
    const changes = snapshot?.sessionChanges ?? 0;
    if (changes === sessionChanges.current) return;
    sessionChanges.current = changes;
    revalidator.revalidate();
  }, [snapshot?.sessionChanges]);
  return (
    <div className="wallet" data-signer-status={state.status}>
      <style>{STYLES}</style>
      <span className="wallet-status" title={state.status === "connected" ? state.user.address : undefined}>
        {statusText(state, t)}
      </span>
      {state.status === "connected" ? (
        <button type="button" onClick={() => void controller?.logout()}>
          {t("wallet.logOut")}
        </button>
      ) : (
        <>
          <button type="button" disabled={busy} onClick={() => void controller?.signIn()}>
            {t("wallet.signIn")}
          </button>
          <button type="button" disabled={busy} onClick={() => void controller?.signUp()}>
            {t("wallet.signUp")}
          </button>
        </>
      )}
      {snapshot && (snapshot.alert || snapshot.state.status === "error") ? (
        <div role="alert" className="wallet-alert">
          {localizeSpecText(snapshot.alert ?? (snapshot.state.status === "error" ? snapshot.state.message : ""), t)}
          <button type="button" onClick={() => controller?.dismiss()}>
            {t("wallet.dismiss")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
