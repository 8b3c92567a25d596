import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DocumentSection } from "../components/document-view";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { Fact, Facts } from "../components/facts";
import { AddressLink } from "../components/links";
import { Time } from "../components/time";
import { missingDocument, shownDocument } from "../documents/show.server";
import { pageMeta } from "../i18n/meta";
import { getViewer } from "../models/viewer.server";
import { message } from "../i18n/message";
import { useI18n } from "../i18n/use-i18n";
import { getInfoMessage } from "../models/info.server";
import { canonicalUrl } from "../utils/canonical-url.server";
import { env } from "../ground/env.server";
import { infoLabel } from "../ground/format";
import { invariantResponse, parseInfoId } from "../utils/http.server";
import { readModelPageHeaders } from "../utils/page-cache-headers";
import { nameTags, pageTag, type PageTagsHandle, standingTags } from "../utils/page-tags";
import { holds, isViewer, useViewer } from "../utils/viewer";

/** Cached by the web server until the read model changes or the message's document arrives (server/page-cache.ts). */
export const headers = readModelPageHeaders;
export const handle: PageTagsHandle<typeof loader> = { pageTags: (data) => [pageTag.info(data.info.id), ...nameTags(data), ...standingTags(data)] };

export const meta = pageMeta<typeof loader>((t, data) =>
  data
    ? { title: infoLabel(data.info, t), description: t("meta.infoMessage", { name: infoLabel(data.info, t), eventName: data.info.eventName }) }
    : { title: t("info.title"), description: t("meta.info") },
);

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseInfoId(params.infoId);
  canonicalUrl(request, `/info/${id}`, {});
  const row = await getInfoMessage(id, await getViewer(request, context));
  invariantResponse(row, message("errors.infoMissing", { id }), { status: 404 });
  const { body, fetch, names, nameChapters, ...info } = row;
  return {
    info,
    names,
    nameChapters,
    document: shownDocument({ cid: info.cid, language: info.language, body, scale: null }),
    missing: missingDocument(fetch),
    gatewayUrl: `${env().IPFS_GATEWAY.replace(/\/?$/, "/")}${info.cid}`,
  };
}

export default function InfoMessagePage() {
  const { info, document, missing, gatewayUrl } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  const viewer = useViewer();
  return (
    <>
      <p className="muted">
        <Link to="/info">{t("info.heading")}</Link>
      </p>
      <h1 lang={document?.language} dir={document ? "auto" : undefined}>
        {infoLabel(info, t)}
      </h1>
      <DocumentSection cid={info.cid} document={document} missing={missing} kind="info" showWhy={isViewer(viewer, info.sender) || holds(viewer, "infoSender")} />
      <Facts className="card">
        <Fact term={t("info.event")}>
          <Link to={`/info?eventName=${encodeURIComponent(info.eventName)}`}>{info.eventName}</Link>
        </Fact>
        <Fact term={t("info.type")}>{info.infoType}</Fact>
        <Fact term={t("info.content")}>
          <a href={gatewayUrl} rel="noreferrer" target="_blank" className="cid">
            {info.cid}
          </a>
        </Fact>
        <Fact term={t("info.sender")}>
          <AddressLink address={info.sender} />
        </Fact>
        <Fact term={t("info.time")}>
          <Time at={info.timestamp} />
        </Fact>
      </Facts>
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
