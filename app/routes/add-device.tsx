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
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy } from "react";
import { ClientOnly } from "../components/client-only";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink } from "../components/links";
import { Controls } from "../components/screens/controls";
import { accountsOfOwners, ownersOfAccount } from "../models/account-owners.server";
import { findSession } from "../models/sessions.server";
import { MAX_OWNERS } from "../calls/update-owners";
import { isDeviceKey, ownerOfKey, passkeyLabel } from "../utils/device-link";
import { walletConfig } from "../utils/env.server";
import { invariantResponse } from "../utils/http.server";
import { readSessionToken } from "../utils/session-cookie.server";

const NewDevice = lazy(() => import("../components/me/devices-new.client"));
const AddPasskeyForm = lazy(() => import("../components/me/devices-forms.client").then((m) => ({ default: m.AddPasskeyForm })));

export const headers: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? { "Cache-Control": "private, no-store" };

export const meta: MetaFunction = () => [{ title: "Add a device · Party" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const verifier = walletConfig()?.local?.webAuthnVerifier ?? null;
  const key = new URL(request.url).searchParams.get("key");
  if (!verifier || key === null) return { local: verifier !== null, adding: null };
  invariantResponse(isDeviceKey(key), "key must be the new device's passkey: 0x followed by 128 hex digits, as its Add a device page shows it");
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
  if (!local) {
    return (
      <>
        <h1>Add a device</h1>
        <p>
          With this wallet your passkeys are kept by the wallet service: add one on <Link to="/me">My page</Link>, signed in on the device that
          should have it.
        </p>
      </>
    );
  }
  if (!adding) {
    return (
      <>
        <h1>Add a device</h1>
        <p>
          Use your account on this device too. This page makes a passkey here and shows a link; open the link on a device that is already
          signed in to your account, and add the passkey there. Then sign in here.
        </p>
        <ClientOnly>
          <NewDevice />
        </ClientOnly>
      </>
    );
  }
  const { owner, account, ownedBy, ownerCount } = adding;
  const label = passkeyLabel(owner);
  const mine = account !== null && ownedBy.includes(account.toLowerCase() as typeof account);
  const elsewhere = ownedBy.filter((a) => a !== account?.toLowerCase());
  return (
    <>
      <h1>Add a passkey</h1>
      <p className="passkey" data-owner={owner}>
        <strong>{label}</strong>, made on the device that showed you this link.
      </p>
      {elsewhere.length > 0 ? (
        <p className="warning" role="note">
          This passkey already owns {elsewhere.length === 1 ? "another account" : `${elsewhere.length} other accounts`}:{" "}
          {elsewhere.map((a) => (
            <AddressLink key={a} address={a} />
          ))}
          . Signing in with it opens the first one it was added to.
        </p>
      ) : null}
      {account === null ? (
        <p>Sign in (top right) on a device that already has your account, and this page offers to add the passkey to it.</p>
      ) : mine ? (
        <p className="added">
          It owns your account <AddressLink address={account} /> now: sign in with it on the new device. Your passkeys are on{" "}
          <Link to="/me">My page</Link>.
        </p>
      ) : (
        <>
          <p>
            Add it to your account <AddressLink address={account} />? It will sign for this account as your other passkeys do.{" "}
            {ownerCount === 0
              ? "Your account is not on chain yet: this operation creates it with your passkey, then adds this one."
              : `Your account has ${ownerCount === 1 ? "1 passkey" : `${ownerCount} passkeys`} (at most ${MAX_OWNERS}).`}
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
