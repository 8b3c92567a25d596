/**
 * /me's "My passkeys": the passkeys that own my account, read from the chain through the indexer
 * (the local wallet's PartyAccount owners), each with its name (app.passkey_names, set here by a
 * plain form to /me's action) and when it was added, with Remove and Replace (one updateOwners
 * operation each) and "Add a device". Under Account Kit (production) Alchemy
 * keeps the passkeys: its own list and add-passkey instead. The forms sign, so they load lazily
 * (./devices-forms.client.tsx).
 */
import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import { Trans } from "react-i18next";
import { useI18n } from "../../i18n/use-i18n";
import type { AccountOwner } from "../../models/account-owners.server";
import type { PublicEnv } from "../../ground/env.server";
import { ADD_DEVICE_PATH, PASSKEY_NAME_MAX, passkeyLabel } from "../../utils/device-link";
import { Controls, lazyExport } from "../client-only";
import { ItemList } from "../item-list";
import { Time } from "../time";

const forms = () => import("./devices-forms.client");
const PasskeyControls = lazyExport(forms, "PasskeyControls");
const AccountKitPasskeys = lazyExport(forms, "AccountKitPasskeys");

export type DevicesProps = {
  account: string;
  owners: AccountOwner[];
  /** What the member calls each passkey, by owner bytes (lower case). */
  names: Record<string, string>;
  /** The naming form's refusal, if the last one was refused. */
  error: string | null;
};

export function DevicesSection({ account, owners, names, error }: DevicesProps) {
  const backend = useRouteLoaderData<{ env: PublicEnv }>("root")?.env.wallet?.backend;
  const { t } = useI18n();
  return (
    <section className="devices" data-passkeys={owners.length}>
      <h2>{t("devices.heading")}</h2>
      {backend === "alchemy" ? (
        <Controls name="account-kit-passkeys">
          <AccountKitPasskeys />
        </Controls>
      ) : (
        <>
          <p className="muted">{t("devices.intro")}</p>
          {error ? (
            <p role="alert" className="error">
              {error}
            </p>
          ) : null}
          <ItemList items={owners} itemKey={(o) => o.owner} empty={t("devices.none")}>
            {(o) => (
              <span className="passkey" data-owner={o.owner}>
                <strong className="passkey-name">{names[o.owner.toLowerCase()] ?? passkeyLabel(o.owner, t)}</strong>{" "}
                {names[o.owner.toLowerCase()] ? <span className="muted">({passkeyLabel(o.owner, t)}) </span> : null}
                <span className="muted">
                  <Trans t={t} i18nKey="devices.added" components={{ time: <Time at={o.addedAt} relative /> }} />
                </span>{" "}
                <Form method="post" className="name-passkey">
                  <input type="hidden" name="intent" value="name-passkey" />
                  <input type="hidden" name="owner" value={o.owner} />
                  <label>
                    {t("devices.name")}{" "}
                    <input name="name" defaultValue={names[o.owner.toLowerCase()] ?? ""} maxLength={PASSKEY_NAME_MAX} placeholder={t("devices.namePlaceholder")} />
                  </label>{" "}
                  <button type="submit">{t("devices.saveName")}</button>
                </Form>{" "}
                <Controls name="passkey">
                  <PasskeyControls account={account} owner={o.owner} />
                </Controls>
              </span>
            )}
          </ItemList>
          <p>
            <Trans t={t} i18nKey="devices.addDevice" components={{ go: <Link to={ADD_DEVICE_PATH} /> }} />
          </p>
        </>
      )}
    </section>
  );
}
