/** What the server says when it refuses or cannot answer a request a page made: limits, outages, proofs it cannot read. */
export default {
  refusals: {
    tooMany: {
      command: "Zu viele Befehle: höchstens {{limit, number}} pro Minute. $t(refusals.retryIn)",
      signin: "Zu viele Anmeldungen: höchstens {{limit, number}} pro Minute. $t(refusals.retryIn)",
      default: "Zu viele Anfragen: höchstens {{limit, number}} pro Minute. $t(refusals.retryIn)",
      lookup: "Zu viele Abfragen: höchstens {{limit, number}} pro Minute. $t(refusals.retryIn)",
    },
    retryIn_one: "Versuchen Sie es in {{count, number}} Sekunde erneut.",
    retryIn_other: "Versuchen Sie es in {{count, number}} Sekunden erneut.",
    crossSite: {
      fetchSite: "Anfragen von anderen Websites sind hier nicht erlaubt (Sec-Fetch-Site: {{site}})",
      origin: "Anfragen von anderen Websites sind hier nicht erlaubt (Origin: {{origin}})",
    },
    server: {
      busy: "Zu viele Seiten auf einmal von dieser Adresse angefordert: Versuchen Sie es in ein paar Sekunden erneut.",
      failed: "Interner Serverfehler",
    },
    proof: {
      empty: "Der Nachweis ist leer",
      tooLong: "Der Nachweis ist länger als {{max, number}} Zeichen",
      prefix: "Der Nachweis muss mit seiner Art und einem Punkt beginnen: „pm1.“ (Mitgliedsnachweis) oder „sv1.“ (Bestätigung eines Social-Media-Kontos)",
      unknownKind: "Unbekannte Art von Nachweis „{{prefix}}“: bekannt sind pm1 (Mitgliedsnachweis) und sv1 (Bestätigung eines Social-Media-Kontos)",
      notBase64: "Der Nachweis ist nach dem Präfix kein base64url (A–Z, a–z, 0–9, - und _)",
      inflatesTooLarge: "Der Nachweis wird entpackt größer als {{max, number}} Bytes",
      notDeflate: "Der Nachweis lässt sich nicht entpacken (er ist kein deflate-raw, oder er wurde abgeschnitten oder verändert)",
      notJson: "Der Nachweis lässt sich entpacken, ergibt aber kein JSON",
      badFields: "Die Felder des Nachweises sind nicht gültig: $t(refusals.proofField.{{check}})",
      chainUnavailable: "Die Blockchain ist gerade nicht erreichbar, daher konnte die Signatur nicht geprüft werden. Versuchen Sie es in ein paar Sekunden erneut.",
      standingUnavailable: "Die Signatur ist gültig, aber die Mitgliedsdaten konnten nicht gelesen werden. $t(errors.status.503)",
    },
    proofField: {
      object: "das JSON muss ein Objekt sein",
      unexpected: "unerwartetes Feld „{{name}}“",
      missing: "{{name}} fehlt",
      address: "{{name}} muss eine Adresse sein (0x und 40 Hexadezimalziffern)",
      signatureHex: "signature muss 0x gefolgt von Hex-Bytes sein",
      signatureSize: "signature muss 64 bis {{max, number}} Bytes lang sein, erhalten: {{got, number}}",
      signedAt: "signedAt muss eine ganze Zahl von Sekunden von 0 bis {{max}} sein",
      service: "service muss einer von {{services}} sein",
      displayNameRequired: "displayName fehlt",
      displayNameLong: "displayName darf höchstens {{max, number}} Zeichen lang sein",
      displayNameLine: "displayName muss eine Zeile ohne Steuerzeichen sein",
      displayNameSpaces: "displayName darf nicht mit Leerzeichen beginnen oder enden",
      chapterId: "chapterId muss eine ganze Zahl von 1 bis 2^128-1 sein",
    },
  },
};
