/** The badge a pending operation shows on the rows it is about, for the sender and everyone else. */
const TEXT: Record<string, string> = {
  applyForChapterMembership: "application pending",
  recommendForChapterMembership: "recommendation pending",
  vote: "vote pending",
  updateOwners: "passkey change pending",
};

export function pendingText({ operation, subject }: { operation: string; subject: object }): string {
  if (operation === "updateMemberApplicationForChapter") {
    return "approved" in subject && subject.approved === false ? "rejection pending" : "approval pending";
  }
  return TEXT[operation] ?? `${operation} pending`;
}
