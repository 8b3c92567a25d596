/**
 * English: the Telegram messages of the notifier (server/notifier/messages.ts), in the language
 * the member uses the app in. Each is one short sentence that names the chapter by its location
 * ({{chapter}}) and ends with the link to the page where the member acts ({{link}}).
 */
export default {
  notify: {
    yourChapter: "your chapter",
    application_one: "A new application to {{chapter}}: {{link}}",
    application_other: "{{count, number}} new applications to {{chapter}}: {{link}}",
    approved: "Your application to {{chapter}} was approved: you are a member. {{link}}",
    rejected: "Your application to {{chapter}} was not approved. {{link}}",
    closed: "Your application to {{chapter}} was closed: the chapter was removed. {{link}}",
    recommendation_one: "Your application to {{chapter}} got a recommendation: {{link}}",
    recommendation_other: "Your application to {{chapter}} got {{count, number}} recommendations: {{link}}",
    evaluation: "A new evaluation of {{chapter}} awaits your vote: “{{name}}” {{link}}",
    info: "A new info message from the party: “{{name}}” {{link}}",
    chapterExecutiveGiven: "You are now an executive of {{chapter}}: {{link}}",
    chapterExecutiveTaken: "You are no longer an executive of {{chapter}}: {{link}}",
    partyExecutiveGiven: "You are now a party executive: {{link}}",
    partyExecutiveTaken: "You are no longer a party executive: {{link}}",
    centralCommitteeGiven: "You are now the central committee member of {{chapter}}: {{link}}",
    centralCommitteeTaken: "You are no longer the central committee member of {{chapter}}: {{link}}",
    partyAdminProposed: "You are proposed as the next party admin: accept it on {{link}}",
    roleGiven: "You are now the party's {{role}}: {{link}}",
    roleTaken: "You are no longer the party's {{role}}: {{link}}",
    /** The single-holder roles (RoleHolderSet:<role>) as the messages say them. */
    role: {
      partyAdmin: "party admin",
      chapterAdmin: "chapter admin",
      evaluationMinter: "evaluation minter",
      infoSender: "info sender",
      other: "holder of role {{role}}",
    },
  },
};
