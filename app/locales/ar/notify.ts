/**
 * العربية: رسائل تيليغرام من المُبلِّغ (server/notifier/messages.ts). كل رسالة جملة قصيرة تسمّي
 * الفرع بموقعه وتنتهي بالرابط.
 */
export default {
  notify: {
    yourChapter: "فرعك",
    application_zero: "لا طلبات انتساب جديدة إلى {{chapter}}: {{link}}",
    application_one: "طلب انتساب جديد إلى {{chapter}}: {{link}}",
    application_two: "طلبا انتساب جديدان إلى {{chapter}}: {{link}}",
    application_few: "{{count, number}} طلبات انتساب جديدة إلى {{chapter}}: {{link}}",
    application_many: "{{count, number}} طلب انتساب جديدًا إلى {{chapter}}: {{link}}",
    application_other: "{{count, number}} طلب انتساب جديد إلى {{chapter}}: {{link}}",
    approved: "قُبل طلبك إلى {{chapter}}: أصبحت عضوًا. {{link}}",
    rejected: "لم يُقبل طلبك إلى {{chapter}}. {{link}}",
    closed: "أُغلق طلبك إلى {{chapter}}: أُزيل الفرع. {{link}}",
    recommendation_zero: "لم يحصل طلبك إلى {{chapter}} على توصيات: {{link}}",
    recommendation_one: "حصل طلبك إلى {{chapter}} على توصية: {{link}}",
    recommendation_two: "حصل طلبك إلى {{chapter}} على توصيتين: {{link}}",
    recommendation_few: "حصل طلبك إلى {{chapter}} على {{count, number}} توصيات: {{link}}",
    recommendation_many: "حصل طلبك إلى {{chapter}} على {{count, number}} توصية: {{link}}",
    recommendation_other: "حصل طلبك إلى {{chapter}} على {{count, number}} توصية: {{link}}",
    evaluation: "تقييم جديد يخصّ {{chapter}} بانتظار تصويتك: «{{name}}» {{link}}",
    info: "رسالة معلومات جديدة من الحزب: «{{name}}» {{link}}",
    chapterExecutiveGiven: "أصبحت عضوًا في الهيئة التنفيذية في {{chapter}}: {{link}}",
    chapterExecutiveTaken: "لم تعد عضوًا في الهيئة التنفيذية في {{chapter}}: {{link}}",
    partyExecutiveGiven: "أصبحت عضوًا في الهيئة التنفيذية للحزب: {{link}}",
    partyExecutiveTaken: "لم تعد عضوًا في الهيئة التنفيذية للحزب: {{link}}",
    centralCommitteeGiven: "أصبحت عضو اللجنة المركزية عن {{chapter}}: {{link}}",
    centralCommitteeTaken: "لم تعد عضو اللجنة المركزية عن {{chapter}}: {{link}}",
    partyAdminProposed: "رُشّحت مديرًا تاليًا للحزب: اقبل الترشيح على {{link}}",
    roleGiven: "أصبحت {{role}} في الحزب: {{link}}",
    roleTaken: "لم تعد {{role}} في الحزب: {{link}}",
    role: {
      partyAdmin: "مدير الحزب",
      chapterAdmin: "مدير الفروع",
      evaluationMinter: "منشئ التقييمات",
      infoSender: "مرسل المعلومات",
      other: "صاحب الدور {{role}}",
    },
  },
};
