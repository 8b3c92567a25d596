/**
 * The publishers' sections: "Mint evaluation" on the evaluations page for the evaluation minter,
 * "Send info" on /info for the info sender (./forms.client.tsx: each writes its document with a
 * live preview, stores it on IPFS and signs; POST /api/documents decides who may store one).
 */
import { useI18n } from "../../../i18n/use-i18n";
import { lazyExport } from "../../client-only";
import { RoleSection } from "../section";

const forms = () => import("./forms.client");
const MintEvaluation = lazyExport(forms, "MintEvaluation");
const SendInfo = lazyExport(forms, "SendInfo");

/** `chapterId` fills in the chapter the page is about. */
export function MintEvaluationSection({ chapterId }: { chapterId?: string }) {
  const { t } = useI18n();
  return (
    <RoleSection heading={t("publishers.mintHeading")} controls={[{ name: "mint-evaluation", operation: "mintEvaluation", control: <MintEvaluation chapterId={chapterId} /> }]} />
  );
}

export function SendInfoSection() {
  const { t } = useI18n();
  return <RoleSection heading={t("publishers.sendHeading")} controls={[{ name: "send-info", operation: "sendInfo", control: <SendInfo /> }]} />;
}
