/**
 * The chapter page's social-account verification, for the chapter's own executives (hints: /verify
 * checks that the signer is a member of the chapter): a service and display name, signed with the
 * passkey in the app, then a /verify link and QR code (../wallet/chapter-verification-form.client.tsx).
 */
import { lazy } from "react";
import { useI18n } from "../../i18n/use-i18n";
import { useViewer } from "../../utils/viewer";
import { Controls } from "./controls";

const ChapterVerificationForm = lazy(() => import("../wallet/chapter-verification-form.client"));

export function ChapterVerification({ chapterId }: { chapterId: string }) {
  const viewer = useViewer();
  const { t } = useI18n();
  if (viewer?.status !== "member" || viewer.chapterId !== chapterId || viewer.executiveOf !== chapterId) return null;
  return (
    <section className="chapter-verification">
      <h2>{t("socialProof.heading")}</h2>
      <p className="muted">{t("socialProof.intro")}</p>
      <Controls name="social-verification">
        <ChapterVerificationForm chapterId={chapterId} />
      </Controls>
    </section>
  );
}
