/**
 * /add-device: "Add a device" for the local wallet, both ends of it.
 *
 * - Without `?key`, on the new device: it creates a passkey there and shows a link and a QR code
 *   carrying the passkey's public key, then waits until an account lists it as an owner and
 *   offers to sign in with it (../components/me/devices-new.client.tsx).
 * - With `?key=0x<qx ++ qy>`, on a signed-in device: what will be added (the passkey, to which
 *   account, how many it has) and one updateOwners operation that adds it. Nobody signed in is
 *   told to sign in first; a malformed key is a 400 saying what a key is.
 *
 * Under Account Kit a passkey is added from /me instead (Alchemy keeps them). Personal: never cached.
 */
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy } from "react";
import { Trans } from "react-i18next";
import { ClientOnly, Controls, lazyExport } from "../components/client-only";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink } from "../components/links";
import { pageMeta } from "../i18n/meta";
import { message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { accountsOfOwners, ownersOfAccount } from "../models/account-owners.server";
import { findSession } from "../models/sessions.server";
import { MAX_OWNERS } from "../calls/update-owners";
import { isDeviceKey, ownerOfKey, passkeyLabel } from "../utils/device-link";
import { walletConfig } from "../ground/env.server";
import { invariantResponse } from "../utils/http.server";
import { readSessionToken } from "../utils/session-cookie.server";

const NewDevice = lazy(() => import("../components/me/devices-new.client"));
const AddPasskeyForm = lazyExport(() => import("../components/me/devices-forms.client"), "AddPasskeyForm");

export const headers: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? { "Cache-Control": "private, no-store" };

export const meta = pageMeta<typeof loader>((t, data) => ({
  title: data?.adding ? t("addDevice.addPasskey") : t("addDevice.title"),
  description: data?.adding ? t("meta.addPasskey") : t("meta.addDevice"),
}));

export async function loader({ request }: LoaderFunctionArgs) {
  const verifier = walletConfig()?.local?.webAuthnVerifier ?? null;
  const key = new URL(request.url).searchParams.get("key");
  if (!verifier || key === null) return { local: verifier !== null, adding: null };
  invariantResponse(isDeviceKey(key), message("errors.deviceKey"));
  const owner = ownerOfKey(key, verifier);
  const session = await findSession(readSessionToken(request));
  const [ownedBy, owners] = await Promise.all([accountsOfOwners({ owners: [owner] }), session ? ownersOfAccount({ account: session.address }) : []]);
  return {
    local: true,
    adding: { owner, account: session?.address ?? null, ownedBy: ownedBy.map((o) => o.account), ownerCount: owners.length },
  };
}

export default function AddDevice() {
  const { local, adding } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  if (!local) {
    return (
      <>
        <h1>{t("addDevice.title")}</h1>
        <p>
          <Trans t={t} i18nKey="addDevice.walletService" components={{ me: <Link to="/me" /> }} />
        </p>
      </>
    );
  }
  if (!adding) {
    return (
      <>
        <h1>{t("addDevice.title")}</h1>
        <p>{t("addDevice.intro")}</p>
        <ClientOnly>
          <NewDevice />
        </ClientOnly>
      </>
    );
  }
  const { owner, account, ownedBy, ownerCount } = adding;
  const label = passkeyLabel(owner, t);
  const mine = account !== null && ownedBy.includes(account.toLowerCase() as typeof account);
  const elsewhere = ownedBy.filter((a) => a !== account?.toLowerCase());
  return (
    <>
      <h1>{t("addDevice.addPasskey")}</h1>
      <p className="passkey" data-owner={owner}>
        <Trans t={t} i18nKey="addDevice.made" values={{ label }} components={{ label: <strong /> }} />
      </p>
      {elsewhere.length > 0 ? (
        <p className="warning" role="note">
          {t("addDevice.ownsOthers", { count: elsewhere.length })}{" "}
          {elsewhere.map((a) => (
            <AddressLink key={a} address={a} />
          ))}
          {t("addDevice.opensFirst")}
        </p>
      ) : null}
      {account === null ? (
        <p>{t("addDevice.signInFirst")}</p>
      ) : mine ? (
        <p className="added">
          <Trans t={t} i18nKey="addDevice.owns" components={{ account: <AddressLink address={account} />, me: <Link to="/me" /> }} />
        </p>
      ) : (
        <>
          <p>
            <Trans t={t} i18nKey="addDevice.addIt" components={{ account: <AddressLink address={account} /> }} />{" "}
            {ownerCount === 0 ? t("addDevice.notOnChain") : t("addDevice.hasPasskeys", { count: ownerCount, max: MAX_OWNERS })}
          </p>
          <Controls name="add-passkey">
            <AddPasskeyForm account={account} owner={owner} />
          </Controls>
        </>
      )}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
