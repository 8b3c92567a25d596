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
      // A request line whose target is neither a path nor an absolute http(s) URL (`OPTIONS *`, a bare host name).
      badTarget: "The request must name a path on this server, such as /chapters/1.",
    },
    // POST /api/calls/:operation: the preflight could not ask the chain (app/services/preflight.server.ts).
    preflightUnavailable: "The chain is not reachable right now, so the call could not be checked. Try again in a few seconds.",
    // POST /api/command (app/services/commands.server.ts, command-action.server.ts): the wallet shows them in "Error sending command: …".
    // `field` is the body's field as its JSON spells it ("message.signer"); `signer` an address.
    command: {
      type: {
        command: "Send the command as JSON (content-type: application/json)",
        username: "Send { username } as JSON (content-type: application/json)",
      },
      bodyTooLarge: "The request body is larger than {{size}} KB",
      notJson: "The request body is not valid JSON",
      required: "{{field}} is required",
      wrongType: "{{field}} Expected {{expected}}, received {{received}}",
      invalid: "{{field}} {{problem}}",
      signer: "{{field}} must be 0x followed by 40 hex digits",
      bytes32: "{{field}} must be bytes32: 0x followed by 64 hex digits",
      signedAt: "{{field}} must be unix seconds (uint64), as a whole number or a decimal string",
      uint64: "{{field}} must fit in uint64",
      paramLong: "{{field}} must be at most 2048 characters",
      paramsMany: "{{field}} may have at most 16 entries",
      signatureHex: "{{field}} must be 0x-prefixed hex bytes",
      signatureLong: "{{field}} is too long",
      unknown: 'Unknown command "{{name}}"',
      expired: "The command expired: signedAt is more than 5 minutes ago",
      future: "signedAt is in the future: check the device's clock",
      noParams: "{{name}} takes no params",
      visibilityParam: 'set_telegram_visibility takes one param, "true" or "false"',
      badSignature: "The signature does not verify for {{signer}}",
      notSignedIn: "Not signed in as {{signer}}: sign the command",
      replay: "This signed command was already accepted: sign a new one",
      concurrent: "A concurrent request changed the same record: try again",
      databaseUnavailable: "The database is not reachable right now. Try again in a few seconds.",
      failed: "The command could not be carried out because of a server error",
    },
    // Telegram's login data in register_telegram, and the local stand-in (app/services/telegram.server.ts).
    telegram: {
      notConfigured: "Telegram login is not configured on this server",
      tooManyParams: "register_telegram takes at most {{max}} params ({{fields}})",
      notSet: "{{field}} is not set",
      id: "id must be a Telegram user id (a positive whole number)",
      authDate: "auth_date must be unix seconds",
      usernameLong: "username is too long",
      hash: "Telegram login data does not verify: the hash does not match",
      old: "Telegram login data is more than 24 hours old: log in with Telegram again",
      authFuture: "auth_date is in the future",
      username: "username must be 5 to 32 letters, digits or underscores, starting with a letter (Telegram's rule)",
      notLinked: "No Telegram account is linked to this address: register it first",
    },
    // /me's Notifications form (app/routes/me_.notifications.tsx); `kinds` the kinds' names, as the form sends them.
    notifications: {
      signIn: "Sign in (top right) to choose your notifications.",
      tooLarge: "The form is larger than {{max}} bytes",
      otherAccount: "This form sets another account's notifications: reload /me, signed in as the account you want to change.",
      unknownKind: 'Unknown notification kind "{{kind}}": the kinds are {{kinds}}',
    },
    // POST /me/profile (app/routes/me_.profile.tsx, app/utils/profile-fields.ts).
    profile: {
      signIn: "Sign in (top right) to change your profile.",
      tooLarge: "The form is larger than {{max}} bytes",
      otherAccount: "This form sets another account's profile: reload /me, signed in as the account you want to change.",
      unknownField: 'The profile form has no field "{{field}}"',
      visibility: "Choose who sees each field: only me, my chapter's executives, my chapter, all party members or everyone.",
      name: {
        control: "The display name must be one line, without control or invisible characters.",
        html: "The display name must be plain text, without HTML.",
        tooLong: "The display name is at most {{max}} characters.",
        address: "The display name must not be or look like an address (0x…, a shortened one or an ENS name).",
        noLetters: "The display name needs at least one letter or digit.",
        taken: "Another member already shows this name, or one that looks the same: choose another.",
      },
      about: {
        control: "The short text must not hold control or invisible characters (line breaks are fine).",
        html: "The short text must be plain text, without HTML.",
        tooLong: "The short text is at most {{max}} characters.",
      },
    },
    // POST /me/erase and GET /me/data.json (app/routes/me_.erase.tsx, me_.data[.]json.ts).
    myData: {
      signIn: "Sign in (top right) to download or erase your data.",
      tooLarge: "The form is larger than {{max}} bytes",
      otherAccount: "This form erases another account's data: reload /me, signed in as the account whose data you want to erase.",
      confirm: "Tick the box to confirm that everything is to be erased.",
    },
    // POST /before-applying (app/routes/before-applying.tsx).
    disclosure: {
      signIn: "Sign in (top right) to confirm that you have read this.",
      tooLarge: "The form is larger than {{max}} bytes",
      otherAccount: "This form confirms for another account: reload the page, signed in as your account.",
    },
    // The apply gate (app/services/apply-gate.server.ts): /api/calls and the statement's form refuse until /before-applying is confirmed.
    apply: {
      disclosure: "Before you apply, read what goes on chain for good and confirm it once: {{page}}",
    },
    // /me/application-statement (app/routes/me_.application-statement.ts, app/utils/application-statement.ts).
    statement: {
      signIn: "Sign in (top right) to write what you say with your application.",
      tooLarge: "The form is larger than {{max}} bytes",
      otherAccount: "This form writes another account's application: reload the page, signed in as your account.",
      unknownField: 'The application form has no field "{{field}}"',
      pending: "Your application is already with the executives: a new statement goes with your next application.",
      text: {
        control: "The statement must not hold control or invisible characters (line breaks are fine).",
        html: "The statement must be plain text, without HTML.",
        tooLong: "The statement is at most {{max}} characters.",
      },
      contact: {
        control: "The way to reach you must be one line, without control or invisible characters.",
        html: "The way to reach you must be plain text, without HTML.",
        tooLong: "The way to reach you is at most {{max}} characters.",
      },
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
    // GET /readyz (app/routes/readyz.ts): why this server cannot serve pages now; a load balancer sends it none meanwhile.
    notReady: {
      noDatabase: "Not ready: DATABASE_URL is not set.",
      database: "Not ready: the database did not answer within {{seconds, number}} s.",
      readModel: "Not ready: the read model ({{schema}}) is not in the database: the indexer has not built it yet, or it was dropped.",
    },
  },
};
