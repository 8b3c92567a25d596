/**
 * /proofs — make a signed proof: a membership proof, or a chapter social-account verification.
 * A signed-in member signs a membership proof here with the passkey (as on /me), and a chapter
 * executive finds the social-account verification on the chapter page. For any other signer
 * (another wallet) the page shows exactly what to sign (typed data or message) and takes the
 * signature pasted back; a wallet that provides a signer (ProofSignerContext) is asked instead. The result is the encoded proof, with a copy button, a QR code and a
 * link to /verify. Everything happens in the browser; the server only says which contract the
 * typed data names.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useContext, useState, type FormEvent } from "react";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { SignMembershipProof } from "../components/me/proof";
import { QrCode } from "../components/qr-code";
import { useViewer } from "../utils/viewer";
import { PARTY_DOMAIN } from "../utils/party-domain";
import { partyAddress } from "../utils/env.server";
import { encodeProof } from "../utils/proofs/codec";
import { checkChapterId, checkDisplayName, checkService, normaliseAddress, proofFromFields } from "../utils/proofs/fields";
import { SOCIAL_SERVICES, type Proof, type ProofKind } from "../utils/proofs/proof";
import { membershipProofTypedDataJson, socialVerificationMessage } from "../utils/proofs/signed-data";
import { ProofSignerContext } from "../utils/proofs/signer";

export const meta: MetaFunction = () => [{ title: "Make a proof · Party" }];

export function loader() {
  return { verifyingContract: partyAddress(), chainId: PARTY_DOMAIN.chainId };
}

/** What the person is about to sign: fixed once shown, so the pasted signature matches it. */
type Pending = {
  kind: ProofKind;
  /** The proof's fields but the signature: { signer, signedAt } or { service, displayName, chapterId, account }. */
  fields: Record<string, unknown>;
  /** The typed data JSON or the message text. */
  toSign: string;
};

export default function Proofs() {
  const { verifyingContract } = useLoaderData<typeof loader>();
  const signProof = useContext(ProofSignerContext);
  const viewer = useViewer();
  const [kind, setKind] = useState<ProofKind>("membership");
  const [pending, setPending] = useState<Pending | null>(null);
  const [encoded, setEncoded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const reset = () => {
    setPending(null);
    setEncoded(null);
    setError(null);
    setCopied(false);
  };

  const choose = (next: ProofKind) => {
    setKind(next);
    reset();
  };

  async function finish(proof: Proof) {
    setEncoded(await encodeProof(proof));
    setError(null);
  }

  /** The social fields from the form, or the first problem. */
  function socialFields(form: FormData) {
    const service = checkService(form.get("service"));
    if (!service.ok) return service;
    const displayName = checkDisplayName(String(form.get("displayName") ?? "").trim());
    if (!displayName.ok) return displayName;
    const chapterId = checkChapterId(String(form.get("chapterId") ?? "").trim());
    if (!chapterId.ok) return chapterId;
    return { ok: true as const, value: { service: service.value, displayName: displayName.value, chapterId: chapterId.value } };
  }

  async function onPrepare(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset();
    const form = new FormData(event.currentTarget);
    try {
      if (kind === "membership") {
        if (signProof) return await finish(await signProof("membership", { verifyingContract }));
        const signer = normaliseAddress(String(form.get("signer") ?? "").trim());
        if (!signer) return setError("Signer must be an address (0x and 40 hex digits)");
        const message = { signer, signedAt: Math.floor(Date.now() / 1000) };
        return setPending({ kind, fields: message, toSign: membershipProofTypedDataJson(verifyingContract, message) });
      }
      const fields = socialFields(form);
      if (!fields.ok) return setError(fields.message);
      if (signProof) return await finish(await signProof("social", fields.value));
      const account = normaliseAddress(String(form.get("account") ?? "").trim());
      if (!account) return setError("Account must be an address (0x and 40 hex digits)");
      const values = { ...fields.value, account };
      setPending({ kind, fields: values, toSign: socialVerificationMessage(values) });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "Signing failed");
    }
  }

  async function onSignature(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) return;
    const signature = String(new FormData(event.currentTarget).get("signature") ?? "").trim();
    const checked = proofFromFields(pending.kind, { ...pending.fields, signature });
    if (!checked.ok) return setError(checked.message);
    await finish(checked.value);
  }

  async function copy() {
    if (!encoded) return;
    await navigator.clipboard.writeText(encoded).then(
      () => setCopied(true),
      () => setError("Copying failed: select the text and copy it instead"),
    );
  }

  return (
    <>
      <h1>Make a proof</h1>
      <p className="muted">
        A signed proof shows that an account is a member, or that a social account is an official chapter account. Anyone can check one on{" "}
        <Link to="/verify">/verify</Link>.
      </p>

      {viewer ? (
        <section className="card signed-in-proof">
          <h2>With your passkey</h2>
          <SignMembershipProof />
          {viewer.executiveOf ? (
            <p>
              A chapter social account: on <Link to={`/chapters/${viewer.executiveOf}`}>your chapter&apos;s page</Link>.
            </p>
          ) : null}
        </section>
      ) : null}
      {viewer ? <h2>Or with another wallet</h2> : null}

      <form className="card proof-form" onSubmit={onPrepare}>
        <fieldset>
          <legend>Kind</legend>
          <label>
            <input type="radio" name="kind" value="membership" checked={kind === "membership"} onChange={() => choose("membership")} /> Membership
            proof
          </label>
          <label>
            <input type="radio" name="kind" value="social" checked={kind === "social"} onChange={() => choose("social")} /> Chapter social
            account
          </label>
        </fieldset>
        {kind === "membership" ? (
          !signProof && (
            <label>
              Signer (your account address) <input name="signer" required placeholder="0x…" size={44} autoComplete="off" />
            </label>
          )
        ) : (
          <>
            <label>
              Service{" "}
              <select name="service" defaultValue="youtube">
                {Object.entries(SOCIAL_SERVICES).map(([key, name]) => (
                  <option key={key} value={key}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Display name <input name="displayName" required maxLength={100} autoComplete="off" />
            </label>
            <label>
              Chapter id <input name="chapterId" required inputMode="numeric" size={8} autoComplete="off" />
            </label>
            {!signProof && (
              <label>
                Account (the chapter account's address) <input name="account" required placeholder="0x…" size={44} autoComplete="off" />
              </label>
            )}
          </>
        )}
        <button type="submit">{signProof ? "Sign with wallet" : "Prepare"}</button>
      </form>

      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}

      {pending && !encoded && (
        <section className="card">
          {pending.kind === "membership" ? (
            <>
              <h2>Sign this typed data (eth_signTypedData_v4)</h2>
              <p className="muted">Domain Party, version 1, chain {PARTY_DOMAIN.chainId}, party contract {verifyingContract}.</p>
            </>
          ) : (
            <h2>Sign this message (personal_sign)</h2>
          )}
          <pre className="to-sign">{pending.toSign}</pre>
          <form onSubmit={onSignature}>
            <label>
              Signature <textarea name="signature" required rows={3} cols={66} spellCheck={false} placeholder="0x…" />
            </label>
            <button type="submit">Make the proof</button>
          </form>
        </section>
      )}

      {encoded && (
        <section className="card">
          <h2>Your proof</h2>
          <textarea className="encoded-proof" readOnly value={encoded} rows={4} cols={66} onFocus={(e) => e.currentTarget.select()} />
          <p>
            <button type="button" onClick={copy}>
              {copied ? "Copied" : "Copy"}
            </button>{" "}
            <Link to={`/verify?proof=${encodeURIComponent(encoded)}`}>Check it</Link>
          </p>
          <QrCode value={encoded} label="The proof as a QR code" />
        </section>
      )}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
