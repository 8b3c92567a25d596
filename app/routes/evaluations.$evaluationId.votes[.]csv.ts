import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEvaluation, getEvaluationVotes } from "../models/evaluations.server";
import { csvResponse, toCsv } from "../utils/csv";
import { message } from "../i18n/message";
import { invariantResponse, parseEvaluationId, textErrors } from "../utils/http.server";

const VOTES_CAP = 100_000;

/** An evaluation's votes as CSV: headers in English (a data file, read by programs as much as by people). */
export function loader({ params }: LoaderFunctionArgs) {
  return textErrors(async () => {
    const id = parseEvaluationId(params.evaluationId);
    const [evaluation, votes] = await Promise.all([getEvaluation(id), getEvaluationVotes({ evaluationId: id, limit: VOTES_CAP })]);
    invariantResponse(evaluation, message("errors.evaluationMissing", { id }), { status: 404 });
    const body = toCsv(
      ["evaluation_id", "voter", "score", "block"],
      votes.map((v) => [evaluation.id, v.voter, v.score, v.block]),
    );
    return csvResponse(`evaluation-${evaluation.id}-votes.csv`, body);
  });
}
