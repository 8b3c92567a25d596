/** Deutsch: Titel und Beschreibung jeder Seite. */
export default {
  meta: {
    title: "{{page}} · Partei",
    chapters: "Die {{count, number}} Ortsgruppen der Partei auf einer Karte und in einer Liste, mit Ort und Mitgliedern.",
    chapter:
      "{{name}} (Ortsgruppe {{id}}): {{count, number}} Mitglieder, {{executives, number}} im Vorstand, {{pending, number}} offene Bewerbungen, ihre Bewertungen und die letzte Aktivität.",
    chapterUnknown: "Eine Ortsgruppe der Partei.",
    queue: "Die Bewerbungen bei {{name}}, die auf eine Entscheidung warten, die ältesten zuerst, mit ihren Empfehlungen.",
    members: "Ein Mitglied oder eine Bewerbung der Partei über den Anfang der Adresse finden.",
    membersSearch: "Mitglieder und Bewerbungen, deren Adresse mit {{q}} beginnt.",
    membersByName: "Mitglieder und Bewerbungen, deren Name mit {{q}} beginnt.",
    member: "Konto {{address}}: {{chapter}} ({{status}}), seine Rollen, Bewerbungen, Empfehlungen, Stimmen und Aktivität.",
    memberUnknown: "Ein Mitglied der Partei.",
    evaluations: "Alle Bewertungen der Ortsgruppen, mit ihren Stimmen und dem Durchschnitt.",
    evaluationsOf: "Die Bewertungen von {{chapter}}, mit ihren Stimmen und dem Durchschnitt.",
    evaluation: "{{name}}: eine Bewertung von {{chapter}} mit {{count, number}} Stimmen, der Verteilung der Punkte und allen Abstimmenden.",
    evaluationUnknown: "Eine Bewertung einer Ortsgruppe.",
    info: "Infos, die die Partei verschickt hat: Ereignis, Typ, Inhalt und Absender.",
    infoOf: "Infos, die die Partei zum Ereignis {{eventName}} verschickt hat.",
    infoMessage: "{{name}}: eine Info-Nachricht der Partei zum Ereignis {{eventName}}.",
    party:
      "Die Partei auf einen Blick: {{chapters, number}} Ortsgruppen, {{count, number}} Parteimitglieder, ihr Vorstand, die Rolleninhaber und die Vertrags-Upgrades.",
    me: "Ihre Ortsgruppe, Ihre Bewerbung, Ihre Rollen, die Bewertungen, die auf Ihre Stimme warten, Ihre Passkeys und Ihr Mitgliedsnachweis.",
    proofs: "Einen signierten Nachweis erstellen, dass ein Konto Mitglied ist oder dass ein Social-Media-Konto offiziell zu einer Ortsgruppe gehört.",
    verify: "Einen Mitgliedsnachweis oder eine Ortsgruppen-Bestätigung prüfen: wer ihn signiert hat, wann, und ob er jetzt gilt.",
    addDevice: "Ihr Parteikonto auf einem weiteren Gerät nutzen: dort einen Passkey erstellen und ihn von einem angemeldeten Gerät aus hinzufügen.",
    addPasskey: "Den Passkey eines neuen Geräts zu Ihrem Parteikonto hinzufügen.",
    devRoles: "Ihrem Konto auf der lokalen Chain jede Rolle der Partei geben, um alle Ansichten auszuprobieren.",
  },
};
