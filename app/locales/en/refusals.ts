/** What the server says when it refuses or cannot answer a request a page made: limits, outages, proofs it cannot read. */
export default {
  refusals: {
    // The request guard (app/utils/post-guard.server.ts): `limit` per minute, `count` the seconds to wait.
    tooMany: {
      command: "Too many commands: at most {{limit, number}} per minute. $t(refusals.retryIn)",
      signin: "Too many sign-ins: at most {{limit, number}} per minute. $t(refusals.retryIn)",
      default: "Too many requests: at most {{limit, number}} per minute. $t(refusals.retryIn)",
      lookup: "Too many lookups: at most {{limit, number}} per minute. $t(refusals.retryIn)",
    },
    retryIn: "Try again in {{count, number}} s.",
    crossSite: {
      fetchSite: "Cross-site requests are not allowed here (Sec-Fetch-Site: {{site}})",
      origin: "Cross-site requests are not allowed here (Origin: {{origin}})",
    },
    // The production server's own plain-text answers (server/index.ts).
    server: {
      busy: "Too many pages requested at once from this address: try again in a few seconds.",
      failed: "Internal Server Error",
    },
    // /verify: a proof that does not decode (app/utils/proofs/codec.ts), or could not be checked (app/services/proofs.server.ts).
    proof: {
      empty: "The proof is empty",
      tooLong: "The proof is longer than {{max}} characters",
      prefix: 'The proof must start with its kind and a dot: "pm1." (membership proof) or "sv1." (social account verification)',
      unknownKind: 'Unknown kind of proof "{{prefix}}": known are pm1 (membership proof) and sv1 (social account verification)',
      notBase64: "The proof after the prefix is not base64url (A–Z, a–z, 0–9, - and _)",
      inflatesTooLarge: "The proof decompresses to more than {{max}} bytes",
      notDeflate: "The proof does not decompress (it is not deflate-raw data, or it was cut off or altered)",
      notJson: "The proof decompresses, but not to JSON",
      badFields: "The proof's fields are not valid: $t(refusals.proofField.{{check}})",
      chainUnavailable: "The chain is not reachable right now, so the signature could not be checked. Try again in a few seconds.",
      standingUnavailable: "The signature is valid, but the member data could not be read. $t(errors.status.503)",
    },
    // Which field of a proof is wrong (app/utils/proofs/fields.ts); `name` is the field's name as the proof's JSON spells it.
    proofField: {
      object: "the JSON must be an object",
      unexpected: 'unexpected field "{{name}}"',
      missing: "{{name}} is missing",
      address: "{{name}} must be an address (0x and 40 hex digits)",
      signatureHex: "signature must be 0x followed by hex bytes",
      signatureSize: "signature must be 64 to {{max}} bytes, got {{got}}",
      signedAt: "signedAt must be a whole number of seconds from 0 to {{max}}",
      service: "service must be one of {{services}}",
      displayNameRequired: "displayName is required",
      displayNameLong: "displayName must be at most {{max}} characters",
      displayNameLine: "displayName must be one line without control characters",
      displayNameSpaces: "displayName must not start or end with spaces",
      chapterId: "chapterId must be a whole number from 1 to 2^128-1",
    },
  },
};
