/** English: each page's title and the description search engines and link previews show. */
export default {
  meta: {
    title: "{{page}} · Party",
    chapters: "The party's {{count, number}} chapters on a map and in a list, with their location and members.",
    chapter:
      "{{name}} (chapter {{id}}): {{count, number}} members, {{executives, number}} executives, {{pending, number}} pending applications, its evaluations and recent activity.",
    chapterUnknown: "A chapter of the party.",
    queue: "The applications to {{name}} waiting for a decision, oldest first, with their recommenders.",
    members: "Find a member or applicant of the party by the start of their address.",
    membersSearch: "Members and applicants whose address starts with {{q}}.",
    member: "Account {{address}}: {{chapter}} ({{status}}), its roles, applications, recommendations, votes and activity.",
    memberUnknown: "A member of the party.",
    evaluations: "Every evaluation of the party's chapters, with its votes and mean score.",
    evaluationsOf: "The evaluations of {{chapter}}, with their votes and mean score.",
    evaluation: "{{name}}: an evaluation of {{chapter}}, with {{count, number}} votes, the distribution of the scores and every voter.",
    evaluationUnknown: "An evaluation of a chapter.",
    info: "Info messages the party sent: event, type, content and sender.",
    infoOf: "Info messages the party sent for the event {{eventName}}.",
    infoMessage: "{{name}}: an info message of the party for the event {{eventName}}.",
    party: "The party at a glance: {{chapters, number}} chapters, {{count, number}} party members, its executives, role holders and contract upgrades.",
    me: "Your chapter, application, roles, the evaluations awaiting your vote, your passkeys and your membership proof.",
    proofs: "Make a signed proof that an account is a member, or that a social account is an official chapter account.",
    verify: "Check a membership proof or a chapter social-account verification: who signed it, when, and whether it holds now.",
    addDevice: "Use your party account on another device: make a passkey there and add it from a device that is signed in.",
    addPasskey: "Add a new device's passkey to your party account.",
    devRoles: "Give your account any of the party's roles on the local chain, to try every screen.",
  },
};
