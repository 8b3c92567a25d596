/**
 * A member's controls (./forms.client.tsx): the recommend and vote forms pages place, and /me's
 * "Leaving" section.
 */
import { useI18n } from "../../../i18n/use-i18n";
import { mayUse, useViewer } from "../../../utils/viewer";
import { Controls, lazyExport } from "../../client-only";
import type { Standing } from "./forms.client";

const forms = () => import("./forms.client");
export const RecommendForm = lazyExport(forms, "RecommendForm");
export const VoteForm = lazyExport(forms, "VoteForm");
const LeaveChapter = lazyExport(forms, "LeaveChapter");
const LeaveParty = lazyExport(forms, "LeaveParty");

/** Leaving the chapter and the party, for a viewer in one; `standing` is what they would lose. */
export function Leaving({ standing }: { standing: Standing }) {
  const viewer = useViewer();
  const { t } = useI18n();
  const chapter = mayUse(viewer, "leaveChapter");
  const party = mayUse(viewer, "leaveParty");
  if (!chapter && !party) return null;
  return (
    <>
      <h2>{t("me.leaving")}</h2>
      <div className="leave">
        {chapter ? (
          <Controls name="leave-chapter">
            <LeaveChapter {...standing} />
          </Controls>
        ) : null}{" "}
        {party ? (
          <Controls name="leave-party">
            <LeaveParty {...standing} />
          </Controls>
        ) : null}
      </div>
    </>
  );
}
