/**
 * /proofs — make a signed proof: a membership proof, or a chapter social-account verification.
 * A signed-in member signs a membership proof here with the passkey (as on /me), and a chapter
 * executive finds the social-account verification on the chapter page. For any other signer
 * (another wallet) the page shows exactly what to sign (typed data or message) and takes the
 * signature pasted back; a wallet that provides a signer (ProofSignerContext) is asked instead. The result is the encoded proof, with a copy button, a QR code and a
 * link to /verify. Everything happens in the browser; the server only says which contract the
 * typed data names.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useContext, useState, type FormEvent } from "react";
import { Trans } from "react-i18next";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { SignMembershipProof } from "../components/me/proof";
import { QrCode } from "../components/qr-code";
import { pageMeta } from "../i18n/meta";
import { interpolation } from "../i18n/message";
import { localizeSpecText, shownOf } from "../i18n/spec-texts";
import { useI18n } from "../i18n/use-i18n";
import { useViewer } from "../utils/viewer";
import { PARTY_DOMAIN } from "../utils/party-domain";
import { partyAddress } from "../ground/env.server";
import { encodeProof } from "../utils/proofs/codec";
import { checkChapterId, checkDisplayName, checkService, fieldMessage, normaliseAddress, proofFromFields, type FieldFailure } from "../utils/proofs/fields";
import { SOCIAL_SERVICES, type Proof, type ProofKind } from "../utils/proofs/proof";
import { membershipProofTypedDataJson, socialVerificationMessage } from "../utils/proofs/signed-data";
import { ProofSignerContext } from "../utils/proofs/signer";

export const meta = pageMeta((t) => ({ title: t("proofs.title"), description: t("meta.proofs") }));

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
  const { t } = useI18n();
  /** A field's problem in the page's language (its English `message` is the JSON API's); not calls/issue's `say`, which brings zod. */
  const fieldError = (failure: FieldFailure) => {
    const said = fieldMessage(failure);
    setError(t(said.key, interpolation(said.values)));
  };

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
        if (!signer) return setError(t("proofs.signerInvalid"));
        const message = { signer, signedAt: Math.floor(Date.now() / 1000) };
        return setPending({ kind, fields: message, toSign: membershipProofTypedDataJson(verifyingContract, message) });
      }
      const fields = socialFields(form);
      if (!fields.ok) return fieldError(fields);
      if (signProof) return await finish(await signProof("social", fields.value));
      const account = normaliseAddress(String(form.get("account") ?? "").trim());
      if (!account) return setError(t("proofs.accountInvalid"));
      const values = { ...fields.value, account };
      setPending({ kind, fields: values, toSign: socialVerificationMessage(values) });
    } catch (cause) {
      setError(cause instanceof Error ? localizeSpecText(shownOf(cause), t) : t("proofs.signingFailed"));
    }
  }

  async function onSignature(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) return;
    const signature = String(new FormData(event.currentTarget).get("signature") ?? "").trim();
    const checked = proofFromFields(pending.kind, { ...pending.fields, signature });
    if (!checked.ok) return fieldError(checked);
    await finish(checked.value);
  }

  async function copy() {
    if (!encoded) return;
    await navigator.clipboard.writeText(encoded).then(
      () => setCopied(true),
      () => setError(t("proofs.copyFailed")),
    );
  }

  return (
    <>
      <h1>{t("proofs.title")}</h1>
      <p className="muted">
        <Trans t={t} i18nKey="proofs.intro" components={{ verify: <Link to="/verify" /> }} />
      </p>

      {viewer ? (
        <section className="card signed-in-proof">
          <h2>{t("proofs.withPasskey")}</h2>
          <SignMembershipProof />
          {viewer.executiveOf ? (
            <p>
              <Trans t={t} i18nKey="proofs.socialOnChapter" components={{ go: <Link to={`/chapters/${viewer.executiveOf}`} /> }} />
            </p>
          ) : null}
        </section>
      ) : null}
      {viewer ? <h2>{t("proofs.otherWallet")}</h2> : null}

      <form className="card proof-form" onSubmit={onPrepare}>
        <fieldset>
          <legend>{t("proofs.kind")}</legend>
          <label>
            <input type="radio" name="kind" value="membership" checked={kind === "membership"} onChange={() => choose("membership")} />{" "}
            {t("proofs.membership")}
          </label>
          <label>
            <input type="radio" name="kind" value="social" checked={kind === "social"} onChange={() => choose("social")} /> {t("proofs.social")}
          </label>
        </fieldset>
        {kind === "membership" ? (
          !signProof && (
            <label>
              {t("proofs.signer")} <input name="signer" required placeholder="0x…" size={44} autoComplete="off" />
            </label>
          )
        ) : (
          <>
            <label>
              {t("socialProof.service")}{" "}
              <select name="service" defaultValue="youtube">
                {Object.entries(SOCIAL_SERVICES).map(([key, name]) => (
                  <option key={key} value={key}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("socialProof.displayName")} <input name="displayName" required maxLength={100} autoComplete="off" />
            </label>
            <label>
              {t("chapter.id")} <input name="chapterId" required inputMode="numeric" size={8} autoComplete="off" />
            </label>
            {!signProof && (
              <label>
                {t("proofs.account")} <input name="account" required placeholder="0x…" size={44} autoComplete="off" />
              </label>
            )}
          </>
        )}
        <button type="submit">{signProof ? t("proofs.signWithWallet") : t("proofs.prepare")}</button>
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
              <h2>{t("proofs.signTypedData")}</h2>
              <p className="muted">{t("proofs.domain", { chainId: PARTY_DOMAIN.chainId, contract: verifyingContract })}</p>
            </>
          ) : (
            <h2>{t("proofs.signMessage")}</h2>
          )}
          <pre className="to-sign">{pending.toSign}</pre>
          <form onSubmit={onSignature}>
            <label>
              {t("proofs.signature")} <textarea name="signature" required rows={3} cols={66} spellCheck={false} placeholder="0x…" />
            </label>
            <button type="submit">{t("proofs.make")}</button>
          </form>
        </section>
      )}

      {encoded && (
        <section className="card">
          <h2>{t("proofs.yours")}</h2>
          <textarea className="encoded-proof" readOnly value={encoded} rows={4} cols={66} onFocus={(e) => e.currentTarget.select()} />
          <p>
            <button type="button" onClick={copy}>
              {copied ? t("copy.copied") : t("copy.copy")}
            </button>{" "}
            <Link to={`/verify?proof=${encodeURIComponent(encoded)}`}>{t("proofs.check")}</Link>
          </p>
          <QrCode value={encoded} label={t("proofs.qr")} />
        </section>
      )}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
