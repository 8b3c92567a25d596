/**
 * Signing a proof in the app with the member's passkey (the wallet's smart account: ERC-6492
 * before its first operation, ERC-1271 after), and showing it: a link to /verify, the same link as
 * a QR code, how long it holds, and a copy button. Used by /me's membership proof and by the chapter
 * page's social-account verification; loaded lazily (it signs).
 */
import { Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { localizeSpecText, type SpecText } from "../../i18n/spec-texts";
import { useI18n } from "../../i18n/use-i18n";
import { encodeProof } from "../../utils/proofs/codec";
import type { Proof, ProofKind } from "../../utils/proofs/proof";
import { proofSigner, type ProofFields } from "../../utils/proofs/signer";
import { QrCode } from "../qr-code";
import { useWallet, useWalletConfig } from "../wallet/use-wallet";

/** The /verify link of an encoded proof (absolute, for the QR code and for sharing). */
export const verifyUrl = (encoded: string) => new URL(`/verify?proof=${encodeURIComponent(encoded)}`, window.location.origin).href;

type SignState = { signing: boolean; error: SpecText | null; proof: Proof | null; encoded: string | null };

/**
 * Signs one proof at a time with the wallet's account (SPEC 8's "Account not available" and a
 * passkey login when there is none); keeps the last proof or the error.
 */
export function useSignProof() {
  const { controller } = useWallet();
  const config = useWalletConfig();
  const [state, setState] = useState<SignState>({ signing: false, error: null, proof: null, encoded: null });

  async function sign<K extends ProofKind>(kind: K, fields: Omit<ProofFields[K], "verifyingContract">) {
    if (!controller || !config || state.signing) return;
    setState({ signing: true, error: null, proof: null, encoded: null });
    try {
      const { wallet, address } = await controller.requireWallet();
      const signProof = proofSigner({
        address,
        signTypedData: (typedData) => wallet.signTypedData(typedData),
        signMessage: ({ message }) => wallet.signMessage(message),
      });
      const proof: Proof = await signProof(kind, { ...fields, verifyingContract: config.partyAddress } as ProofFields[K]);
      setState({ signing: false, error: null, proof, encoded: await encodeProof(proof) });
    } catch (error) {
      const { describeWalletError } = await import("../../wallet/describe-error");
      setState({ signing: false, error: describeWalletError(error), proof: null, encoded: null });
    }
  }

  return { ...state, sign, ready: controller !== null && config !== null };
}

/** What a signing shows: "Confirm with your passkey…" while it signs, the error, or the proof. */
export function SignedProof({ state, validity }: { state: SignState; validity: (proof: Proof) => ReactNode }) {
  const { t } = useI18n();
  if (state.signing) return <output className="proof-status">{t("wallet.progress.signing")}</output>;
  if (state.error) {
    return (
      <span role="alert" data-status="failed">
        {localizeSpecText(state.error, t)}
      </span>
    );
  }
  return state.proof && state.encoded ? <ProofOutcome encoded={state.encoded} validity={validity(state.proof)} /> : null;
}

/** A signed proof: the /verify link, its QR code, how long it holds, and Copy. */
export function ProofOutcome({ encoded, validity }: { encoded: string; validity: ReactNode }) {
  const url = verifyUrl(encoded);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const { t } = useI18n();
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  return (
    <div className="proof-outcome card">
      <p>
        <Link to={`/verify?proof=${encodeURIComponent(encoded)}`} className="proof-link">
          {t("proofOutcome.check")}
        </Link>{" "}
        <button type="button" onClick={() => void copy()}>
          {copied === "yes" ? t("copy.copied") : t("copy.link")}
        </button>
        {copied === "failed" ? <span role="alert"> {t("proofOutcome.copyFailed")}</span> : null}
      </p>
      <p className="proof-validity">{validity}</p>
      <QrCode value={url} label={t("proofOutcome.qr")} pixelsPerModule={3} />
      <p className="proof-url address">{url}</p>
    </div>
  );
}
