/**
 * The publishers' forms: the evaluation minter mints an evaluation of a chapter, the info sender
 * sends an info message. Both take a pasted CID (v0 or v1) and show the parts the contract will
 * store (hashCode, hashSize, hashDigest) before anything is signed.
 */
import { useState } from "react";
import { parseCid } from "../../calls/cid";
import { useI18n } from "../../i18n/use-i18n";
import { OperationForm } from "./operation-form.client";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
// An empty CID is reported as a bad CID, not as the hash parts this form does not ask for.
const cidOf = (form: FormData) => text(form, "cid") || " ";

/** The CID field, with what it decodes to (or why it does not) under it as it is typed. */
// hashCode, hashSize and hashDigest are the contract's names for the parts, in every language.
function CidField() {
  const [value, setValue] = useState("");
  const { t } = useI18n();
  const parts = value.trim() ? parseCid(value) : undefined;
  return (
    <div className="cid-field">
      <label>
        CID{" "}
        <input name="cid" value={value} onChange={(e) => setValue(e.target.value)} size={60} spellCheck={false} autoComplete="off" placeholder={t("publishers.cidPlaceholder")} />
      </label>
      {parts ? (
        <dl className="facts cid-parts" aria-label={t("publishers.decodedCid")}>
          <dt>hashCode</dt>
          <dd data-part="hashCode">{parts.hashCode}</dd>
          <dt>hashSize</dt>
          <dd data-part="hashSize">{parts.hashSize}</dd>
          <dt>hashDigest</dt>
          <dd data-part="hashDigest">
            <code>{parts.hashDigest}</code>
          </dd>
        </dl>
      ) : value.trim() ? (
        <p className="cid-parts muted" data-part="none">
          {t("publishers.notACid")}
        </p>
      ) : null}
    </div>
  );
}

/** "Mint evaluation" for a chapter (its id typed in, or filled in from the page). */
export function MintEvaluation({ chapterId = "" }: { chapterId?: string }) {
  const { t } = useI18n();
  return (
    <OperationForm
      operation="mintEvaluation"
      className="mint-evaluation"
      submit={t("publishers.mint")}
      args={(form) => ({ chapterId: text(form, "chapterId"), cid: cidOf(form) })}
      labels={{ chapterId: t("chapter.id"), cid: "CID" }}
    >
      <label>
        {t("chapter.id")} <input name="chapterId" inputMode="numeric" size={6} defaultValue={chapterId} />
      </label>
      <CidField />
    </OperationForm>
  );
}

/** "Send info": an event name, an info type (0 to 255) and the content's CID. */
export function SendInfo() {
  const { t } = useI18n();
  return (
    <OperationForm
      operation="sendInfo"
      className="send-info"
      submit={t("publishers.send")}
      args={(form) => ({ eventName: String(form.get("eventName") ?? ""), infoType: text(form, "infoType"), cid: cidOf(form) })}
      labels={{ eventName: t("info.eventName"), infoType: t("info.infoType"), cid: "CID" }}
    >
      <label>
        {t("info.eventName")} <input name="eventName" maxLength={64} />
      </label>{" "}
      <label>
        {t("info.infoType")} <input name="infoType" inputMode="numeric" size={4} />
      </label>
      <CidField />
    </OperationForm>
  );
}
