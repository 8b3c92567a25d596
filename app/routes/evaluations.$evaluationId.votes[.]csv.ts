import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEvaluation, getEvaluationVotes } from "../models/evaluations.server";
import { getViewer } from "../models/viewer.server";
import { csvResponse, toCsv } from "../utils/csv";
import { message } from "../i18n/message";
import { invariantResponse, parseEvaluationId, textErrors } from "../utils/http.server";

const VOTES_CAP = 100_000;

/**
 * An evaluation's votes as CSV: headers in English (a data file, read by programs as much as by
 * people); the title empty until its document is stored, the voter's name as the viewer may see it.
 */
export function loader({ params, request, context }: LoaderFunctionArgs) {
  return textErrors(async () => {
    const id = parseEvaluationId(params.evaluationId);
    const viewer = await getViewer(request, context);
    const [evaluation, votes] = await Promise.all([getEvaluation(id), getEvaluationVotes({ evaluationId: id, limit: VOTES_CAP, viewer })]);
    invariantResponse(evaluation, message("errors.evaluationMissing", { id }), { status: 404 });
    // The title and the name last: programs that read the first four columns by position read them as before.
    const body = toCsv(
      ["evaluation_id", "voter", "score", "block", "evaluation_title", "voter_name"],
      votes.map((v) => [evaluation.id, v.voter, v.score, v.block, evaluation.title, v.name]),
    );
    return csvResponse(`evaluation-${evaluation.id}-votes.csv`, body);
  });
}
