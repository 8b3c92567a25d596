/**
 * The passkey controls of /me (./devices.tsx). Local wallet: per owner, Remove and Replace (the
 * new device's link pasted: add it and remove this one in one updateOwners operation), and which
 * passkey is this device's. Account Kit: its passkey list and its add-passkey, asked of the
 * signed-in wallet (SPEC 8's passkey login and "Account not available" when there is none).
 */
import { useState } from "react";
import { Trans } from "react-i18next";
import type { Hex } from "viem";
import { localizeSpecText, type SpecText } from "../../i18n/spec-texts";
import { useI18n } from "../../i18n/use-i18n";
import { keyOfLink, ownerOfKey, passkeyLabel } from "../../utils/device-link";
import { WalletActionError } from "../../wallet/errors";
import { loadPasskey } from "../../wallet/local/passkey";
import type { WalletPasskey } from "../../wallet/types";
import { Time } from "../time";
import { OperationForm } from "../wallet/operation-form.client";
import { useWallet, useWalletConfig } from "../wallet/use-wallet";

/** The owner bytes of the passkey this browser signs with, if it keeps one. */
function useThisDevice(): Hex | undefined {
  const verifier = useWalletConfig()?.local?.webAuthnVerifier;
  const stored = loadPasskey(window.localStorage);
  return verifier && stored ? ownerOfKey(stored.publicKey, verifier) : undefined;
}

export function PasskeyControls({ account, owner }: { account: string; owner: Hex }) {
  const verifier = useWalletConfig()?.local?.webAuthnVerifier;
  const here = useThisDevice() === owner;
  const { t } = useI18n();
  const label = passkeyLabel(owner, t);
  const newOwner = (form: FormData) => {
    const key = keyOfLink(String(form.get("link") ?? ""));
    return key && verifier ? [ownerOfKey(key, verifier)] : [];
  };
  return (
    <>
      {here ? <span className="this-device">{t("devices.thisDevice")}</span> : null}{" "}
      <OperationForm
        operation="updateOwners"
        className="remove-passkey"
        args={() => ({ account, remove: [owner] })}
        submit={t("devices.remove")}
        confirm={t(here ? "devices.confirmRemoveHere" : "devices.confirmRemove", { label })}
      />{" "}
      <details className="replace-passkey">
        <summary>{t("devices.replace")}</summary>
        <OperationForm
          operation="updateOwners"
          args={(form) => ({ account, add: newOwner(form), remove: [owner] })}
          check={(form) => (newOwner(form).length ? null : t("devices.noLink"))}
          submit={t("devices.replace")}
          confirm={t("devices.confirmReplace", { label })}
        >
          <label>
            {t("devices.newLink")} <input name="link" type="url" inputMode="url" autoComplete="off" placeholder="…/add-device?key=0x…" />
          </label>
        </OperationForm>
      </details>
    </>
  );
}

/** /add-device, signed in: one operation that adds the new device's passkey to the account. */
export function AddPasskeyForm({ account, owner }: { account: string; owner: Hex }) {
  const { t } = useI18n();
  return <OperationForm operation="updateOwners" className="add-passkey" args={() => ({ account, add: [owner] })} submit={t("devices.addThis")} />;
}

type AccountKitState = { busy: boolean; passkeys: WalletPasskey[] | null; error: SpecText | null };

/** Account Kit keeps the passkeys: its list and add-passkey, each on a press (Account Kit loads only then). */
export function AccountKitPasskeys() {
  const { controller } = useWallet();
  const [state, setState] = useState<AccountKitState>({ busy: false, passkeys: null, error: null });
  const { t } = useI18n();

  async function run(add: boolean) {
    if (!controller || state.busy) return;
    setState((s) => ({ ...s, busy: true, error: null }));
    try {
      const { wallet } = await controller.requireWallet();
      if (!wallet.listPasskeys || !wallet.addPasskey) throw new WalletActionError(t("devices.noList"));
      if (add) await wallet.addPasskey();
      setState({ busy: false, passkeys: await wallet.listPasskeys(), error: null });
    } catch (error) {
      const { describeWalletError } = await import("../../wallet/describe-error");
      setState((s) => ({ ...s, busy: false, error: describeWalletError(error) }));
    }
  }

  const disabled = !controller || state.busy;
  // Account Kit's times: seconds or milliseconds since 1970 (its types do not say which).
  const seconds = (time: number) => (time > 1e12 ? time / 1000 : time);
  return (
    <div className="account-kit-passkeys">
      <p className="muted">{t("devices.accountKit")}</p>
      <button type="button" disabled={disabled} onClick={() => void run(false)}>
        {t("devices.show")}
      </button>{" "}
      <button type="button" disabled={disabled} onClick={() => void run(true)}>
        {t("devices.add")}
      </button>
      {state.busy ? <output className="operation-status">{t("wallet.progress.signing")}</output> : null}
      {state.error ? (
        <span role="alert" data-status="failed">
          {localizeSpecText(state.error, t)}
        </span>
      ) : null}
      {state.passkeys ? (
        <ul>
          {state.passkeys.map((p) => (
            <li key={p.id}>
              <strong>{p.name || t("devices.passkey")}</strong>{" "}
              <span className="muted">
                <Trans t={t} i18nKey="devices.added" components={{ time: <Time at={seconds(p.createdAt)} relative /> }} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
