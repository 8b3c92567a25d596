/**
 * Deutsch: die Telegram-Nachrichten des Notifiers (server/notifier/messages.ts). Jede ist ein
 * kurzer Satz, der die Ortsgruppe nach ihrem Ort nennt und mit dem Link endet.
 */
export default {
  notify: {
    yourChapter: "Ihre Ortsgruppe",
    application_one: "Ein neuer Antrag für {{chapter}}: {{link}}",
    application_other: "{{count, number}} neue Anträge für {{chapter}}: {{link}}",
    approved: "Ihr Antrag für {{chapter}} wurde angenommen: Sie sind jetzt Mitglied. {{link}}",
    rejected: "Ihr Antrag für {{chapter}} wurde nicht angenommen. {{link}}",
    closed: "Ihr Antrag für {{chapter}} wurde geschlossen: Die Ortsgruppe wurde entfernt. {{link}}",
    recommendation_one: "Ihr Antrag für {{chapter}} hat eine Empfehlung erhalten: {{link}}",
    recommendation_other: "Ihr Antrag für {{chapter}} hat {{count, number}} Empfehlungen erhalten: {{link}}",
    evaluation: "Eine neue Bewertung von {{chapter}} wartet auf Ihre Stimme: „{{name}}“ {{link}}",
    info: "Eine neue Infonachricht der Partei: „{{name}}“ {{link}}",
    chapterExecutiveGiven: "Sie sind jetzt im Vorstand von {{chapter}}: {{link}}",
    chapterExecutiveTaken: "Sie sind nicht mehr im Vorstand von {{chapter}}: {{link}}",
    partyExecutiveGiven: "Sie sind jetzt im Parteivorstand: {{link}}",
    partyExecutiveTaken: "Sie sind nicht mehr im Parteivorstand: {{link}}",
    centralCommitteeGiven: "Sie sind jetzt das Mitglied des Zentralkomitees für {{chapter}}: {{link}}",
    centralCommitteeTaken: "Sie sind nicht mehr das Mitglied des Zentralkomitees für {{chapter}}: {{link}}",
    partyAdminProposed: "Sie wurden als nächster Partei-Administrator vorgeschlagen: Annehmen unter {{link}}",
    roleGiven: "Sie sind jetzt {{role}} der Partei: {{link}}",
    roleTaken: "Sie sind nicht mehr {{role}} der Partei: {{link}}",
    role: {
      partyAdmin: "Partei-Administrator",
      chapterAdmin: "Ortsgruppen-Administrator",
      evaluationMinter: "Bewertungs-Ersteller",
      infoSender: "Info-Absender",
      other: "Inhaber der Rolle {{role}}",
    },
  },
};
