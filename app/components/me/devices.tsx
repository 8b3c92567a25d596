/**
 * /me's "My passkeys": the passkeys that own my account, read from the chain through the indexer
 * (the local wallet's PartyAccount owners), each with its name (app.passkey_names, set here by a
 * plain form to /me's action) and when it was added, with Remove and Replace (one updateOwners
 * operation each) and "Add a device". Under Account Kit (production) Alchemy
 * keeps the passkeys: its own list and add-passkey instead. The forms sign, so they load lazily
 * (./devices-forms.client.tsx).
 */
import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import { lazy } from "react";
import type { AccountOwner } from "../../models/account-owners.server";
import type { loader as rootLoader } from "../../root";
import { ADD_DEVICE_PATH, PASSKEY_NAME_MAX, passkeyLabel } from "../../utils/device-link";
import { formatTime } from "../../utils/format";
import { ClientOnly } from "../client-only";
import { ItemList } from "../item-list";
import { Controls } from "../screens/controls";

const forms = () => import("./devices-forms.client");
const PasskeyControls = lazy(() => forms().then((m) => ({ default: m.PasskeyControls })));
const AccountKitPasskeys = lazy(() => forms().then((m) => ({ default: m.AccountKitPasskeys })));

export type DevicesProps = {
  account: string;
  owners: AccountOwner[];
  /** What the member calls each passkey, by owner bytes (lower case). */
  names: Record<string, string>;
  /** The naming form's refusal, if the last one was refused. */
  error: string | null;
};

export function DevicesSection({ account, owners, names, error }: DevicesProps) {
  const backend = useRouteLoaderData<typeof rootLoader>("root")?.env.wallet?.backend;
  return (
    <section className="devices" data-passkeys={owners.length}>
      <h2>My passkeys</h2>
      {backend === "alchemy" ? (
        <Controls name="account-kit-passkeys">
          <AccountKitPasskeys />
        </Controls>
      ) : (
        <>
          <p className="muted">
            Any of these passkeys signs for this account. Add one on each device you use, so that losing a device loses nothing.
          </p>
          {error ? (
            <p role="alert" className="error">
              {error}
            </p>
          ) : null}
          <ItemList items={owners} itemKey={(o) => o.owner} empty="None yet: your account's passkey shows here after its first operation.">
            {(o) => (
              <span className="passkey" data-owner={o.owner}>
                <strong className="passkey-name">{names[o.owner.toLowerCase()] ?? passkeyLabel(o.owner)}</strong>{" "}
                {names[o.owner.toLowerCase()] ? <span className="muted">({passkeyLabel(o.owner)}) </span> : null}
                <span className="muted">added {formatTime(o.addedAt)}</span>{" "}
                <Form method="post" className="name-passkey">
                  <input type="hidden" name="intent" value="name-passkey" />
                  <input type="hidden" name="owner" value={o.owner} />
                  <label>
                    Name <input name="name" defaultValue={names[o.owner.toLowerCase()] ?? ""} maxLength={PASSKEY_NAME_MAX} placeholder="e.g. my phone" />
                  </label>{" "}
                  <button type="submit">Save name</button>
                </Form>{" "}
                <Controls name="passkey">
                  <PasskeyControls account={account} owner={o.owner} />
                </Controls>
              </span>
            )}
          </ItemList>
          <p>
            <Link to={ADD_DEVICE_PATH}>Add a device</Link>: open that page on the new device; it makes a passkey there and shows a link
            to open here.
          </p>
        </>
      )}
    </section>
  );
}
