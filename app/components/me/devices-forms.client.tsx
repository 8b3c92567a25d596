/**
 * The passkey controls of /me (./devices.tsx). Local wallet: per owner, Remove and Replace (the
 * new device's link pasted: add it and remove this one in one updateOwners operation), and which
 * passkey is this device's. Account Kit: its passkey list and its add-passkey, asked of the
 * signed-in wallet (SPEC 8's passkey login and "Account not available" when there is none).
 */
import { useState } from "react";
import type { Hex } from "viem";
import { keyOfLink, ownerOfKey, passkeyLabel } from "../../utils/device-link";
import { formatTime } from "../../utils/format";
import { WalletActionError } from "../../wallet/errors";
import { loadPasskey } from "../../wallet/local/passkey";
import type { WalletPasskey } from "../../wallet/types";
import { OperationForm } from "../wallet/operation-form.client";
import { useWallet, useWalletConfig } from "../wallet/use-wallet";

const NO_LINK = "Paste the link the new device shows (…/add-device?key=0x…)";

/** The owner bytes of the passkey this browser signs with, if it keeps one. */
function useThisDevice(): Hex | undefined {
  const verifier = useWalletConfig()?.local?.webAuthnVerifier;
  const stored = loadPasskey(window.localStorage);
  return verifier && stored ? ownerOfKey(stored.publicKey, verifier) : undefined;
}

export function PasskeyControls({ account, owner }: { account: string; owner: Hex }) {
  const verifier = useWalletConfig()?.local?.webAuthnVerifier;
  const here = useThisDevice() === owner;
  const label = passkeyLabel(owner);
  const newOwner = (form: FormData) => {
    const key = keyOfLink(String(form.get("link") ?? ""));
    return key && verifier ? [ownerOfKey(key, verifier)] : [];
  };
  return (
    <>
      {here ? <span className="this-device">(this device)</span> : null}{" "}
      <OperationForm
        operation="updateOwners"
        className="remove-passkey"
        args={() => ({ account, remove: [owner] })}
        submit="Remove"
        confirm={<>Remove {label}? {here ? "This device" : "Its device"} can no longer sign for this account.</>}
      />{" "}
      <details className="replace-passkey">
        <summary>Replace</summary>
        <OperationForm
          operation="updateOwners"
          args={(form) => ({ account, add: newOwner(form), remove: [owner] })}
          check={(form) => (newOwner(form).length ? null : NO_LINK)}
          submit="Replace"
          confirm={<>Add the new device's passkey and remove {label} in one step?</>}
        >
          <label>
            The new device's link <input name="link" type="url" inputMode="url" autoComplete="off" placeholder="…/add-device?key=0x…" />
          </label>
        </OperationForm>
      </details>
    </>
  );
}

/** /add-device, signed in: one operation that adds the new device's passkey to the account. */
export function AddPasskeyForm({ account, owner }: { account: string; owner: Hex }) {
  return <OperationForm operation="updateOwners" className="add-passkey" args={() => ({ account, add: [owner] })} submit="Add this passkey" />;
}

type AccountKitState = { busy: boolean; passkeys: WalletPasskey[] | null; error: string | null };

/** Account Kit keeps the passkeys: its list and add-passkey, each on a press (Account Kit loads only then). */
export function AccountKitPasskeys() {
  const { controller } = useWallet();
  const [state, setState] = useState<AccountKitState>({ busy: false, passkeys: null, error: null });

  async function run(add: boolean) {
    if (!controller || state.busy) return;
    setState((s) => ({ ...s, busy: true, error: null }));
    try {
      const { wallet } = await controller.requireWallet();
      if (!wallet.listPasskeys || !wallet.addPasskey) throw new WalletActionError("This wallet keeps no list of passkeys");
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
      <p className="muted">Your passkeys are kept by the wallet service. Adding one creates it on this device.</p>
      <button type="button" disabled={disabled} onClick={() => void run(false)}>
        Show my passkeys
      </button>{" "}
      <button type="button" disabled={disabled} onClick={() => void run(true)}>
        Add a passkey
      </button>
      {state.busy ? <output className="operation-status">Confirm with your passkey…</output> : null}
      {state.error ? (
        <span role="alert" data-status="failed">
          {state.error}
        </span>
      ) : null}
      {state.passkeys ? (
        <ul>
          {state.passkeys.map((p) => (
            <li key={p.id}>
              <strong>{p.name || "Passkey"}</strong> <span className="muted">added {formatTime(seconds(p.createdAt))}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
