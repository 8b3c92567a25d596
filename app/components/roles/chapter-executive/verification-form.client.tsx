/**
 * A chapter social-account verification (SPEC 7, 9): the service and the account's display name,
 * checked before signing, the exact text the passkey signs (with SPEC 9's fixed preface for the
 * video service), then the proof as a /verify link and QR code.
 */
import { useState, type FormEvent } from "react";
import { say } from "../../../i18n/message";
import { useI18n } from "../../../i18n/use-i18n";
import { checkDisplayName, fieldMessage } from "../../../utils/proofs/fields";
import { SOCIAL_SERVICES, type SocialService } from "../../../utils/proofs/proof";
import { socialVerificationMessage } from "../../../utils/proofs/signed-data";
import { useViewer } from "../../../utils/viewer";
import { SignedProof, useSignProof } from "../../me/proof-sign.client";

export default function ChapterVerificationForm({ chapterId }: { chapterId: string }) {
  const signing = useSignProof();
  const [service, setService] = useState<SocialService>("youtube");
  const [displayName, setDisplayName] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const { t } = useI18n();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkDisplayName(displayName.trim());
    // The check's English `message` is the JSON API's; the page says it in its language.
    setInvalid(checked.ok ? null : say(t, fieldMessage(checked)));
    if (checked.ok) void signing.sign("social", { service, displayName: checked.value, chapterId });
  };

  const account = useViewer()?.address ?? "0x";
  const preview = socialVerificationMessage({ service, displayName: displayName.trim() || "…", chapterId, account });
  return (
    <form className="chapter-verification-form" onSubmit={submit} noValidate>
      <label>
        {t("socialProof.service")}{" "}
        <select name="service" value={service} onChange={(e) => setService(e.target.value as SocialService)}>
          {Object.entries(SOCIAL_SERVICES).map(([key, name]) => (
            <option key={key} value={key}>
              {name}
            </option>
          ))}
        </select>
      </label>{" "}
      <label>
        {t("socialProof.displayName")} <input name="displayName" value={displayName} onChange={(e) => setDisplayName(e.target.value)} maxLength={100} autoComplete="off" />
      </label>{" "}
      <button type="submit" disabled={!signing.ready || signing.signing}>
        {t("socialProof.sign")}
      </button>
      <p className="muted">{t("socialProof.passkeySigns")}</p>
      <pre className="to-sign">{preview}</pre>
      {invalid ? (
        <span role="alert" data-status="invalid">
          {invalid}
        </span>
      ) : (
        <SignedProof state={signing} validity={() => t("socialProof.validity", { chapterId })} />
      )}
    </form>
  );
}
