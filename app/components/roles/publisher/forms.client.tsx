/**
 * The publishers' forms: the evaluation minter mints an evaluation of a chapter, the info sender
 * sends an info message, each written here (./publish-form.client.tsx) or from a CID made
 * elsewhere, in the form in <details> that shows the CID's parts (or why it cannot go on chain)
 * as it is typed.
 */
import { useState, type ReactNode } from "react";
import { readCid } from "../../../ground/cid";
import { callsMessage, fieldProblem } from "../../../calls/issue";
import type { DocumentKind } from "../../../documents/document";
import { useI18n } from "../../../i18n/use-i18n";
import { OperationForm } from "../../wallet/operation-form.client";
import { PublishForm } from "./publish-form.client";

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
// An empty CID is reported as a bad CID, not as the hash parts this form does not ask for.
const cidOf = (form: FormData) => text(form, "cid") || " ";

/** The CID field, with what it decodes to (or why it cannot go on chain) under it as it is typed. */
// hashCode, hashSize and hashDigest are the contract's names for the parts, in every language.
function CidField() {
  const [value, setValue] = useState("");
  const { t } = useI18n();
  const read = value.trim() ? readCid(value) : undefined;
  return (
    <div className="cid-field">
      <label>
        CID{" "}
        <input name="cid" value={value} onChange={(e) => setValue(e.target.value)} size={60} spellCheck={false} autoComplete="off" placeholder={t("publishers.cidPlaceholder")} />
      </label>
      {read?.ok ? (
        <dl className="facts cid-parts" aria-label={t("publishers.decodedCid")}>
          <dt>hashCode</dt>
          <dd data-part="hashCode">{read.id.hashCode}</dd>
          <dt>hashSize</dt>
          <dd data-part="hashSize">{read.id.hashSize}</dd>
          <dt>hashDigest</dt>
          <dd data-part="hashDigest">
            <code>{read.id.hashDigest}</code>
          </dd>
        </dl>
      ) : read ? (
        <p className="cid-parts muted" data-part="none" data-problem={read.problem}>
          {read.problem === "cid" ? t("publishers.notACid") : fieldProblem(t, "CID", callsMessage(read.problem))}
        </p>
      ) : null}
    </div>
  );
}

type PublisherProps = {
  kind: DocumentKind;
  operation: "mintEvaluation" | "sendInfo";
  /** The operation's fields other than the content, their args and their labels. */
  fields: ReactNode;
  args: (form: FormData) => Record<string, unknown>;
  labels: Record<string, string>;
  /** The buttons: write and publish, or send a CID made elsewhere (the form's class names it). */
  publish: string;
  fromCid: { summary: string; submit: string; className: string };
};

/** A document written here (./publish-form.client.tsx), or a CID made elsewhere in the form under <details>. */
function Publisher({ kind, operation, fields, args, labels, publish, fromCid }: PublisherProps) {
  return (
    <div className="publisher">
      <PublishForm kind={kind} operation={operation} submit={publish} args={args} labels={labels}>
        {fields}
      </PublishForm>
      <details className="from-cid">
        <summary>{fromCid.summary}</summary>
        <OperationForm
          operation={operation}
          className={fromCid.className}
          submit={fromCid.submit}
          args={(form) => ({ ...args(form), cid: cidOf(form) })}
          labels={{ ...labels, cid: "CID" }}
        >
          {fields}
          <CidField />
        </OperationForm>
      </details>
    </div>
  );
}

/** "Mint evaluation" for a chapter (its id typed in, or filled in from the page). */
export function MintEvaluation({ chapterId = "" }: { chapterId?: string }) {
  const { t } = useI18n();
  return (
    <Publisher
      kind="evaluation"
      operation="mintEvaluation"
      fields={
        <label>
          {t("chapter.id")} <input name="chapterId" inputMode="numeric" size={6} defaultValue={chapterId} />
        </label>
      }
      args={(form) => ({ chapterId: text(form, "chapterId") })}
      labels={{ chapterId: t("chapter.id") }}
      publish={t("documents.write.publishAndMint")}
      fromCid={{ summary: t("documents.write.fromCid"), submit: t("publishers.mint"), className: "mint-evaluation" }}
    />
  );
}

/** "Send info": an event name, an info type (0 to 255) and the message. */
export function SendInfo() {
  const { t } = useI18n();
  return (
    <Publisher
      kind="info"
      operation="sendInfo"
      fields={
        <>
          <label>
            {t("info.eventName")} <input name="eventName" maxLength={64} />
          </label>{" "}
          <label>
            {t("info.infoType")} <input name="infoType" inputMode="numeric" size={4} />
          </label>
        </>
      }
      args={(form) => ({ eventName: String(form.get("eventName") ?? ""), infoType: text(form, "infoType") })}
      labels={{ eventName: t("info.eventName"), infoType: t("info.infoType") }}
      publish={t("documents.write.publishAndSend")}
      fromCid={{ summary: t("documents.write.fromCidInfo"), submit: t("publishers.send"), className: "send-info" }}
    />
  );
}
