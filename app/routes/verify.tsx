/**
 * /verify — public: checks a proof from `?proof=` (a link or a scanned QR code) or the textarea,
 * and shows who signed it, what and when, whether it holds, and the signer's current chapter and
 * roles; or exactly why it does not hold; and what it checked, step by step (how the signature
 * was checked: EOA, ERC-1271 or ERC-6492). The outcome is in `data-outcome` / `data-reason`.
 * Checking one reads the chain, so a client gets 240 checks a minute (enforceLookup: over it, 429
 * with Retry-After, shown by the error boundary).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Trans } from "react-i18next";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { Fact, Facts } from "../components/facts";
import { AddressLink, ChapterLink } from "../components/links";
import { Roles } from "../components/role-list";
import {
  MAX_ENCODED_PROOF_LENGTH,
  MEMBERSHIP_PROOF_MAX_AGE_SECONDS,
  SOCIAL_SERVICES,
  verifyProof,
  type ProofFailure,
  type ProofVerification,
  type SignerStanding,
} from "../services/proofs.server";
import { partyAddress } from "../ground/env.server";
import { PARTY_DOMAIN } from "../utils/party-domain";
import { ProofChecks } from "../components/proof-checks";
import { Time } from "../components/time";
import { pageMeta } from "../i18n/meta";
import { interpolation } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { retryAfterHeaders } from "../utils/http.server";
import { enforceLookup } from "../utils/post-guard.server";
import type { Proof } from "../utils/proofs/proof";

export const meta = pageMeta<typeof loader>((t) => ({
  title: t("verify.title"),
  description: t("meta.verify"),
  extra: [{ name: "robots", content: "noindex" }],
}));

export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const input = new URL(request.url).searchParams.get("proof") ?? "";
  if (input.trim() === "") return { input: "", result: null, services: SOCIAL_SERVICES, checks: null };
  await enforceLookup(request, { context });
  const result: ProofVerification = await verifyProof(input);
  const checks = { contract: partyAddress(), maxAgeDays: MEMBERSHIP_PROOF_MAX_AGE_SECONDS / 86_400 };
  // Echo back at most a little more than a proof can be, so a huge query is not sent back whole.
  return { input: input.slice(0, MAX_ENCODED_PROOF_LENGTH + 16), result, services: SOCIAL_SERVICES, checks };
}

const KIND_KEYS = { membership: "verify.kind.membership", social: "verify.kind.social" } as const;

const FAILURE_KEYS: Record<ProofFailure, string> = {
  malformed: "verify.failure.malformed",
  "unknown-kind": "verify.failure.unknownKind",
  decompression: "verify.failure.decompression",
  "bad-json": "verify.failure.badJson",
  "bad-fields": "verify.failure.badFields",
  "signature-invalid": "verify.failure.signatureInvalid",
  future: "verify.failure.future",
  expired: "verify.failure.expired",
  "not-member": "verify.failure.notMember",
  "not-in-chapter": "verify.failure.notInChapter",
  unavailable: "verify.failure.unavailable",
};

export default function Verify() {
  const { input, result, services, checks } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <>
      <h1>{t("verify.title")}</h1>
      <p className="muted">
        <Trans t={t} i18nKey="verify.intro" values={{ chainId: PARTY_DOMAIN.chainId }} components={{ proofs: <Link to="/proofs" /> }} />
      </p>
      <Form method="get" className="card">
        <label>
          {t("verify.proof")}{" "}
          <textarea name="proof" defaultValue={input} rows={4} cols={66} spellCheck={false} placeholder={t("verify.placeholder")} required />
        </label>
        <button type="submit">{t("verify.submit")}</button>
      </Form>

      {result &&
        checks &&
        (result.ok ? (
          <section className="card proof-result" data-outcome="valid">
            <h2>{t("verify.valid", { kind: t(KIND_KEYS[result.proof.kind]) })}</h2>
            <ProofFacts proof={result.proof} signer={result.signer} signedMessage={result.signedMessage} services={services} />
            <Standing standing={result.standing} />
            <ProofChecks result={result} {...checks} />
          </section>
        ) : (
          <section className="card proof-result" data-outcome="invalid" data-reason={result.reason}>
            <h2>{t("verify.invalid", { title: t(FAILURE_KEYS[result.reason]) })}</h2>
            {/* Why, as the server said it (a keyed message), in the page's language. */}
            <p className="failure-reason">{t(result.text.key, interpolation(result.text.values))}</p>
            {result.proof && result.signer && (
              <ProofFacts proof={result.proof} signer={result.signer} signedMessage={result.signedMessage ?? null} services={services} />
            )}
            {result.standing && <Standing standing={result.standing} />}
            <ProofChecks result={result} {...checks} />
          </section>
        ))}
    </>
  );
}

type ProofFactsProps = { proof: Proof; signer: string; signedMessage: string | null; services: typeof SOCIAL_SERVICES };

function ProofFacts({ proof, signer, signedMessage, services }: ProofFactsProps) {
  const { t } = useI18n();
  return (
    <>
      <Facts className="proof-facts">
        <Fact term={t("verify.kindTerm")}>{t(KIND_KEYS[proof.kind])}</Fact>
        <Fact term={t("verify.signer")} className="address">
          {signer}
        </Fact>
        {proof.kind === "membership" ? (
          <Fact term={t("verify.signedAt")}>
            <Time at={proof.signedAt} /> <span className="muted">({proof.signedAt})</span>
          </Fact>
        ) : (
          <>
            <Fact term={t("verify.signedAt")} className="muted">
              {t("verify.noSignedAt")}
            </Fact>
            <Fact term={t("socialProof.service")}>{services[proof.service]}</Fact>
            <Fact term={t("socialProof.displayName")}>{proof.displayName}</Fact>
            <Fact term={t("member.chapter")}>
              <ChapterLink id={proof.chapterId} />
            </Fact>
          </>
        )}
      </Facts>
      {signedMessage !== null && <pre className="signed-message">{signedMessage}</pre>}
    </>
  );
}

function Standing({ standing: s }: { standing: SignerStanding }) {
  const { t } = useI18n();
  return (
    <>
      <h3>{t("verify.signerNow")}</h3>
      <Facts className="signer-standing">
        <Fact term={t("members.account")}>
          <AddressLink address={s.known ? s.account : null} />
        </Fact>
        <Fact term={t("member.chapter")}>
          {s.chapterId ? (
            <>
              <ChapterLink id={s.chapterId} label={s.chapterLocation} /> <span className="member-status">({t(`status.member.${s.status}`)})</span>
            </>
          ) : (
            <span className="muted">{t("verify.none")}</span>
          )}
        </Fact>
        <Fact term={t("member.partyMember")}>{s.partyMember ? t("common.yes") : t("common.no")}</Fact>
        <Fact term={t("member.roles")}>
          <Roles of={s} empty={<span className="muted">{t("verify.none")}</span>} />
        </Fact>
      </Facts>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
