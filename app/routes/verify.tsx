/**
 * /verify — public: checks a proof from `?proof=` (a link or a scanned QR code) or the textarea,
 * and shows who signed it, what and when, whether it holds, and the signer's current chapter and
 * roles; or exactly why it does not hold; and what it checked, step by step (how the signature
 * was checked: EOA, ERC-1271 or ERC-6492). The outcome is in `data-outcome` / `data-reason`.
 * Checking one reads the chain, so a client gets 240 checks a minute (enforceLookup: over it, 429
 * with Retry-After, shown by the error boundary).
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { Fact, Facts } from "../components/facts";
import { AddressLink, ChapterLink } from "../components/links";
import { Roles } from "../components/roles";
import {
  MAX_ENCODED_PROOF_LENGTH,
  MEMBERSHIP_PROOF_MAX_AGE_SECONDS,
  PROOF_FAILURE_TITLES,
  SOCIAL_SERVICES,
  verifyProof,
  type ProofVerification,
  type SignerStanding,
} from "../services/proofs.server";
import { partyAddress } from "../utils/env.server";
import { PARTY_DOMAIN } from "../utils/party-domain";
import { ProofChecks } from "../components/proof-checks";
import { formatTime, MEMBER_STATUS_TEXT } from "../utils/format";
import { enforceLookup } from "../utils/post-guard.server";
import type { Proof } from "../utils/proofs/proof";

export const meta: MetaFunction = () => [{ title: "Verify a proof · Party" }, { name: "robots", content: "noindex" }];

// A thrown 429's Retry-After reaches the page's response.
export const headers: HeadersFunction = ({ parentHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("retry-after");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const input = new URL(request.url).searchParams.get("proof") ?? "";
  if (input.trim() === "") return { input: "", result: null, title: null, services: SOCIAL_SERVICES, checks: null };
  await enforceLookup(request, { context });
  const result: ProofVerification = await verifyProof(input);
  const title = result.ok ? null : PROOF_FAILURE_TITLES[result.reason];
  const checks = { contract: partyAddress(), maxAgeDays: MEMBERSHIP_PROOF_MAX_AGE_SECONDS / 86_400 };
  // Echo back at most a little more than a proof can be, so a huge query is not sent back whole.
  return { input: input.slice(0, MAX_ENCODED_PROOF_LENGTH + 16), result, title, services: SOCIAL_SERVICES, checks };
}

const KIND_TEXT = { membership: "Membership proof", social: "Chapter social account verification" } as const;

export default function Verify() {
  const { input, result, title, services, checks } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Verify a proof</h1>
      <p className="muted">
        A membership proof or a chapter social-account verification, as made on <Link to="/proofs">/proofs</Link> or a member&apos;s own page. The
        signature is checked on chain {PARTY_DOMAIN.chainId} and the signer&apos;s standing is read as the party knows it now.
      </p>
      <Form method="get" className="card">
        <label>
          Proof <textarea name="proof" defaultValue={input} rows={4} cols={66} spellCheck={false} placeholder="pm1.… or sv1.…" required />
        </label>
        <button type="submit">Verify</button>
      </Form>

      {result &&
        checks &&
        (result.ok ? (
          <section className="card proof-result" data-outcome="valid">
            <h2>Valid: {KIND_TEXT[result.proof.kind]}</h2>
            <ProofFacts proof={result.proof} signer={result.signer} signedMessage={result.signedMessage} services={services} />
            <Standing standing={result.standing} />
            <ProofChecks result={result} {...checks} />
          </section>
        ) : (
          <section className="card proof-result" data-outcome="invalid" data-reason={result.reason}>
            <h2>Not valid: {title}</h2>
            <p className="failure-reason">{result.message}</p>
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
  return (
    <>
      <Facts className="proof-facts">
        <Fact term="Kind">{KIND_TEXT[proof.kind]}</Fact>
        <Fact term="Signer" className="address">
          {signer}
        </Fact>
        {proof.kind === "membership" ? (
          <Fact term="Signed at">
            {formatTime(proof.signedAt)} <span className="muted">({proof.signedAt})</span>
          </Fact>
        ) : (
          <>
            <Fact term="Signed at" className="muted">
              not part of this kind of proof
            </Fact>
            <Fact term="Service">{services[proof.service]}</Fact>
            <Fact term="Display name">{proof.displayName}</Fact>
            <Fact term="Chapter">
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
  return (
    <>
      <h3>The signer now</h3>
      <Facts className="signer-standing">
        <Fact term="Account">
          <AddressLink address={s.known ? s.account : null} />
        </Fact>
        <Fact term="Chapter">
          {s.chapterId ? (
            <>
              <ChapterLink id={s.chapterId} label={s.chapterLocation} /> <span className="member-status">({MEMBER_STATUS_TEXT[s.status]})</span>
            </>
          ) : (
            <span className="muted">none</span>
          )}
        </Fact>
        <Fact term="Party member">{s.partyMember ? "yes" : "no"}</Fact>
        <Fact term="Roles">
          <Roles of={s} empty={<span className="muted">none</span>} />
        </Fact>
      </Facts>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
