/** The badge a pending operation shows on the rows it is about, for the sender and everyone else. */
import type { TFunction } from "i18next";

const KEYS: Record<string, string> = {
  applyForChapterMembership: "pending.application",
  recommendForChapterMembership: "pending.recommendation",
  vote: "pending.vote",
  updateOwners: "pending.passkeyChange",
};

export function pendingText({ operation, subject }: { operation: string; subject: object }, t: TFunction): string {
  if (operation === "updateMemberApplicationForChapter") {
    return "approved" in subject && subject.approved === false ? t("pending.rejection") : t("pending.approval");
  }
  const key = KEYS[operation];
  return key ? t(key) : t("pending.other", { operation });
}
