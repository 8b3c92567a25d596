/**
 * The publishers' forms: the evaluation minter mints an evaluation of a chapter, the info sender
 * sends an info message. Both take a pasted CID (v0 or v1) and show the parts the contract will
 * store (hashCode, hashSize, hashDigest) before anything is signed.
 */
import { useState } from "react";
import { parseCid } from "../../calls/cid";
import { OperationForm } from "./operation-form.client";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
// An empty CID is reported as a bad CID, not as the hash parts this form does not ask for.
const cidOf = (form: FormData) => text(form, "cid") || " ";

/** The CID field, with what it decodes to (or why it does not) under it as it is typed. */
function CidField() {
  const [value, setValue] = useState("");
  const parts = value.trim() ? parseCid(value) : undefined;
  return (
    <div className="cid-field">
      <label>
        CID{" "}
        <input name="cid" value={value} onChange={(e) => setValue(e.target.value)} size={60} spellCheck={false} autoComplete="off" placeholder="Qm… or bafy…" />
      </label>
      {parts ? (
        <dl className="facts cid-parts" aria-label="Decoded CID">
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
          Not a CID this contract can store: paste a CIDv0 (Qm…) or a CIDv1 (bafy…) with at most 32 digest bytes.
        </p>
      ) : null}
    </div>
  );
}

/** "Mint evaluation" for a chapter (its id typed in, or filled in from the page). */
export function MintEvaluation({ chapterId = "" }: { chapterId?: string }) {
  return (
    <OperationForm
      operation="mintEvaluation"
      className="mint-evaluation"
      submit="Mint evaluation"
      args={(form) => ({ chapterId: text(form, "chapterId"), cid: cidOf(form) })}
    >
      <label>
        Chapter id <input name="chapterId" inputMode="numeric" size={6} defaultValue={chapterId} />
      </label>
      <CidField />
    </OperationForm>
  );
}

/** "Send info": an event name, an info type (0 to 255) and the content's CID. */
export function SendInfo() {
  return (
    <OperationForm
      operation="sendInfo"
      className="send-info"
      submit="Send info"
      args={(form) => ({ eventName: String(form.get("eventName") ?? ""), infoType: text(form, "infoType"), cid: cidOf(form) })}
    >
      <label>
        Event name <input name="eventName" maxLength={64} />
      </label>{" "}
      <label>
        Info type <input name="infoType" inputMode="numeric" size={4} />
      </label>
      <CidField />
    </OperationForm>
  );
}
