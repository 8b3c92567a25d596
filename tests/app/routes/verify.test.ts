/**
 * /verify and /proofs over HTTP, on the whole local product (tests/app/services/proofs-stack.ts):
 * each outcome of a proof with its heading, exact reason and "What was checked", and the form to
 * make one. Verifying itself: tests/app/services/proofs.test.ts.
 */
import { encodeProof } from "../../../app/utils/proofs/codec";
import { MEMBERSHIP_PROOF_MAX_AGE_SECONDS } from "../../../app/utils/proofs/proof";
import { proofSigner } from "../../../app/utils/proofs/signer";
import { ALICE } from "../../fixtures/accounts.js";
import { errorOf, get, text, type Page } from "../../setup/html.js";
import { tampered } from "../services/proof-tampering.js";
import { executive, membershipProof, now, stack, useProofsStack, verifyProof } from "../services/proofs-stack.js";

useProofsStack();

const FAILED_STEP: Record<string, string> = {
  malformed: "decoded",
  "unknown-kind": "decoded",
  decompression: "decoded",
  "signature-invalid": "signature",
  expired: "age",
  future: "age",
  "not-member": "member",
  "not-in-chapter": "chapter",
};

/** /verify's "What was checked": each step and its state. */
const checks = (page: Page) => [...page.main.matchAll(/<li data-check="([\w ]+)" data-state="([\w ]+)"/g)].map((m) => [m[1], m[2]]);

describe("/verify and /proofs pages", () => {
  const verifyPage = (proof: string) => get(stack.appUrl, `/verify?proof=${encodeURIComponent(proof)}`);
  const outcome = (page: Page) => {
    const section = /<section class="card proof-result" data-outcome="(\w+)"(?: data-reason="([\w-]+)")?>([\s\S]*?)<\/section>/.exec(page.main);
    if (!section) return null;
    return {
      outcome: section[1],
      reason: section[2] ?? null,
      heading: text(/<h2>([\s\S]*?)<\/h2>/.exec(section[3]!)?.[1] ?? ""),
      message: text(/<p class="failure-reason">([\s\S]*?)<\/p>/.exec(section[3]!)?.[1] ?? ""),
      body: text(section[3]!),
    };
  };

  it("without a proof: the form only", async () => {
    const page = await get(stack.appUrl, "/verify");
    expect(page.status).toBe(200);
    expect(page.main).toContain('<textarea name="proof"');
    expect(outcome(page)).toBeNull();
  });

  it("a valid proof: kind, signer, signed at, and the signer's chapter and roles now", async () => {
    const proof = await membershipProof(executive);
    const page = await verifyPage(await encodeProof(proof));
    expect(page.status).toBe(200);
    const shown = outcome(page)!;
    expect(shown).toMatchObject({ outcome: "valid", reason: null, heading: "Valid: Membership proof" });
    expect(shown.body).toContain(`Signer${executive.address}`);
    expect(shown.body).toContain(`Signed at${new Date(proof.signedAt * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC (${proof.signedAt})`);
    expect(shown.body).toContain("ChapterBerlin (member)");
    expect(shown.body).toContain("RolesChapter executive of Chapter 1");
    expect(page.main).toContain('href="/chapters/1"');
    // What was checked, each step passed; the signature as a plain key's.
    expect(checks(page)).toEqual([
      ["decoded", "passed"],
      ["signature", "passed"],
      ["age", "passed"],
      ["member", "passed"],
    ]);
    expect(shown.body).toContain(`domain Party, version 1, chain 137, contract ${stack.address}; recovered from the signature: the signer is a plain key (an EOA).`);
  });

  it("a valid social verification shows the signed message", async () => {
    const proof = await proofSigner(executive)("social", { service: "youtube", displayName: "Party Berlin", chapterId: "1" });
    const page = await verifyPage(await encodeProof(proof));
    const shown = outcome(page)!;
    expect(shown).toMatchObject({ outcome: "valid", heading: "Valid: Chapter social account verification" });
    expect(shown.body).toContain("ServiceYouTube");
    expect(shown.body).toContain("Display nameParty Berlin");
    expect(page.main).toContain("This YouTube channel is an official chapter account of the Party.");
    expect(checks(page)).toEqual([
      ["decoded", "passed"],
      ["signature", "passed"],
      ["member", "passed"],
      ["chapter", "passed"],
    ]);
    expect(shown.body).toContain("signed the message shown (personal_sign, EIP-191)");
  });

  it("each failure shows its heading and exact reason", async () => {
    const good = await membershipProof(executive);
    const cases: [string, string, string][] = [
      ["hello", "malformed", "Malformed proof"],
      ["zz9.abcd", "unknown-kind", "Unknown kind of proof"],
      ["pm1.__8B", "decompression", "The proof does not decompress"],
      [`pm1.${Buffer.from("not json").toString("base64url")}`, "decompression", "The proof does not decompress"],
      [await encodeProof(tampered(good)), "signature-invalid", "Signature invalid"],
      [await encodeProof(await membershipProof(executive, now() - MEMBERSHIP_PROOF_MAX_AGE_SECONDS - 3600)), "expired", "Too old"],
      [await encodeProof(await membershipProof(executive, now() + 3600)), "future", "Signed in the future"],
      [await encodeProof(await membershipProof(ALICE)), "not-member", "Signer not a member"],
      [await encodeProof(await proofSigner(executive)("social", { service: "x", displayName: "Party London", chapterId: "2" })), "not-in-chapter", "Signer not in that chapter"],
    ];
    for (const [proof, reason, title] of cases) {
      const page = await verifyPage(proof);
      expect([reason, page.status, errorOf(page)]).toEqual([reason, 200, null]);
      const expected = await verifyProof(proof);
      expect(expected.ok).toBe(false);
      const shown = outcome(page)!;
      expect(shown).toMatchObject({ outcome: "invalid", reason, heading: `Not valid: ${title}` });
      expect(shown.message).toBe(expected.ok ? "" : expected.message);
      // The step it stopped at failed, the ones before passed, none after was reached.
      const steps = checks(page);
      const failedAt = steps.findIndex(([, state]) => state === "failed");
      expect([reason, steps.slice(0, failedAt).every(([, state]) => state === "passed")]).toEqual([reason, true]);
      expect([reason, steps.slice(failedAt + 1).every(([, state]) => state === "not reached")]).toEqual([reason, true]);
      expect([reason, steps[failedAt]![0]]).toEqual([reason, FAILED_STEP[reason]]);
    }
    // What does decode is shown with the failure.
    const notMember = outcome(await verifyPage(await encodeProof(await membershipProof(ALICE))))!;
    expect(notMember.body).toContain(`Signer${ALICE.address}`);
    expect(notMember.body).toContain("Party memberno");
  });

  it("the bad-json and bad-fields reasons reach the page too", async () => {
    const { deflateRawSync } = await import("node:zlib");
    const encode = (json: string) => `pm1.${deflateRawSync(Buffer.from(json)).toString("base64url")}`;
    const badJson = outcome(await verifyPage(encode("{nope")))!;
    expect(badJson).toMatchObject({ reason: "bad-json", heading: "Not valid: The proof is not valid JSON", message: "The proof decompresses, but not to JSON" });
    const badFields = outcome(await verifyPage(encode(JSON.stringify({ signer: "0x12", signedAt: 1, signature: "0x" }))))!;
    expect(badFields).toMatchObject({
      reason: "bad-fields",
      heading: "Not valid: The proof's fields are not valid",
      message: "The proof's fields are not valid: signer must be an address (0x and 40 hex digits)",
    });
  });

  it("/proofs renders the form to make a proof", async () => {
    const page = await get(stack.appUrl, "/proofs");
    expect(page.status).toBe(200);
    expect(text(/<h1>([\s\S]*?)<\/h1>/.exec(page.main)![1]!)).toBe("Make a proof");
    expect(page.main).toMatch(/<input type="radio" name="kind"[^>]*value="membership"/);
    expect(page.main).toContain('name="signer"');
    // No wallet code in its scripts.
    expect(page.body).not.toMatch(/account-kit/i);
  });
});
