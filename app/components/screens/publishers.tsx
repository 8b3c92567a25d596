/**
 * The publishers' controls: "Mint evaluation" on the evaluations page for the evaluation minter,
 * "Send info" on /info for the info sender: each writes its document (with a live preview), stores
 * it on IPFS and signs. Each renders only for the account the read model names as the role's
 * holder (a hint: the contract and POST /api/documents decide); the forms sign, so they load lazily.
 */
import { lazy } from "react";
import { useI18n } from "../../i18n/use-i18n";
import { holds, useViewer } from "../../utils/viewer";
import { Controls } from "./controls";

const forms = () => import("../wallet/publisher-forms.client");
const MintEvaluation = lazy(() => forms().then((m) => ({ default: m.MintEvaluation })));
const SendInfo = lazy(() => forms().then((m) => ({ default: m.SendInfo })));

/** For the evaluation minter; `chapterId` fills in the chapter the page is about. */
export function MintEvaluationSection({ chapterId }: { chapterId?: string }) {
  const { t } = useI18n();
  if (!holds(useViewer(), "evaluationMinter")) return null;
  return (
    <section className="role-section">
      <h2>{t("publishers.mintHeading")}</h2>
      <Controls name="mint-evaluation">
        <MintEvaluation chapterId={chapterId} />
      </Controls>
    </section>
  );
}

/** For the info sender. */
export function SendInfoSection() {
  const { t } = useI18n();
  if (!holds(useViewer(), "infoSender")) return null;
  return (
    <section className="role-section">
      <h2>{t("publishers.sendHeading")}</h2>
      <Controls name="send-info">
        <SendInfo />
      </Controls>
    </section>
  );
}
