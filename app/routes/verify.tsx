/**
 * /verify — public: checks a proof from `?proof=` (a link or a scanned QR code) or the textarea,
 * and shows who signed it, what and when, whether it holds, and the signer's current chapter and
 * roles; or exactly why it does not hold. The outcome is in `data-outcome` / `data-reason`.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { AddressLink, ChapterLink } from "../components/links";
import {
  MAX_ENCODED_PROOF_LENGTH,
  PROOF_FAILURE_TITLES,
  SOCIAL_SERVICES,
  verifyProof,
  type ProofVerification,
  type SignerStanding,
} from "../services/proofs.server";
import { formatTime, MEMBER_STATUS_TEXT } from "../utils/format";
import type { Proof } from "../utils/proofs";

export const meta: MetaFunction = () => [{ title: "Verify a proof · Party" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const input = new URL(request.url).searchParams.get("proof") ?? "";
  if (input.trim() === "") return { input: "", result: null, title: null, services: SOCIAL_SERVICES };
  const result: ProofVerification = await verifyProof(input);
  const title = result.ok ? null : PROOF_FAILURE_TITLES[result.reason];
  // Echo back at most a little more than a proof can be, so a huge query is not sent back whole.
  return { input: input.slice(0, MAX_ENCODED_PROOF_LENGTH + 16), result, title, services: SOCIAL_SERVICES };
}

const KIND_TEXT = { membership: "Membership proof", social: "Chapter social account verification" } as const;

export default function Verify() {
  const { input, result, title, services } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Verify a proof</h1>
      <Form method="get" className="card">
        <label>
          Proof <textarea name="proof" defaultValue={input} rows={4} cols={66} spellCheck={false} placeholder="pm1.… or sv1.…" required />
        </label>
        <button type="submit">Verify</button>
      </Form>

      {result &&
        (result.ok ? (
          <section className="card proof-result" data-outcome="valid">
            <h2>Valid: {KIND_TEXT[result.proof.kind]}</h2>
            <ProofFacts proof={result.proof} signer={result.signer} signedMessage={result.signedMessage} services={services} />
            <Standing standing={result.standing} />
          </section>
        ) : (
          <section className="card proof-result" data-outcome="invalid" data-reason={result.reason}>
            <h2>Not valid: {title}</h2>
            <p className="failure-reason">{result.message}</p>
            {result.proof && result.signer && (
              <ProofFacts proof={result.proof} signer={result.signer} signedMessage={result.signedMessage ?? null} services={services} />
            )}
            {result.standing && <Standing standing={result.standing} />}
          </section>
        ))}
    </>
  );
}

type ProofFactsProps = { proof: Proof; signer: string; signedMessage: string | null; services: typeof SOCIAL_SERVICES };

function ProofFacts({ proof, signer, signedMessage, services }: ProofFactsProps) {
  return (
    <>
      <dl className="facts proof-facts">
        <dt>Kind</dt>
        <dd>{KIND_TEXT[proof.kind]}</dd>
        <dt>Signer</dt>
        <dd className="address">{signer}</dd>
        {proof.kind === "membership" ? (
          <>
            <dt>Signed at</dt>
            <dd>
              {formatTime(proof.signedAt)} <span className="muted">({proof.signedAt})</span>
            </dd>
          </>
        ) : (
          <>
            <dt>Signed at</dt>
            <dd className="muted">not part of this kind of proof</dd>
            <dt>Service</dt>
            <dd>{services[proof.service]}</dd>
            <dt>Display name</dt>
            <dd>{proof.displayName}</dd>
            <dt>Chapter</dt>
            <dd>
              <ChapterLink id={proof.chapterId} />
            </dd>
          </>
        )}
      </dl>
      {signedMessage !== null && <pre className="signed-message">{signedMessage}</pre>}
    </>
  );
}

function Standing({ standing: s }: { standing: SignerStanding }) {
  const roles = [
    s.executiveOf ? (
      <li key="ce">
        Chapter executive of <ChapterLink id={s.executiveOf} />
      </li>
    ) : null,
    s.partyExecutive ? <li key="pe">Party executive</li> : null,
    ...s.centralCommitteeOf.map((id) => (
      <li key={`cc-${id}`}>
        Central committee member for <ChapterLink id={id} />
      </li>
    )),
  ].filter(Boolean);
  return (
    <>
      <h3>The signer now</h3>
      <dl className="facts signer-standing">
        <dt>Account</dt>
        <dd>
          <AddressLink address={s.known ? s.account : null} />
        </dd>
        <dt>Chapter</dt>
        <dd>
          {s.chapterId ? (
            <>
              <ChapterLink id={s.chapterId} label={s.chapterLocation} /> <span className="member-status">({MEMBER_STATUS_TEXT[s.status]})</span>
            </>
          ) : (
            <span className="muted">none</span>
          )}
        </dd>
        <dt>Party member</dt>
        <dd>{s.partyMember ? "yes" : "no"}</dd>
        <dt>Roles</dt>
        <dd>{roles.length ? <ul className="roles">{roles}</ul> : <span className="muted">none</span>}</dd>
      </dl>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
