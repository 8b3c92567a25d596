import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEvaluation, getEvaluationVotes } from "../models/evaluations.server";
import { csvResponse, toCsv } from "../utils/csv";
import { invariantResponse, parseEvaluationId } from "../utils/http.server";

const VOTES_CAP = 100_000;

/** An evaluation's votes as CSV. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseEvaluationId(params.evaluationId);
  const [evaluation, votes] = await Promise.all([getEvaluation(id), getEvaluationVotes({ evaluationId: id, limit: VOTES_CAP })]);
  invariantResponse(evaluation, `Evaluation ${id} does not exist`, { status: 404 });
  const body = toCsv(
    ["evaluation_id", "voter", "score", "block"],
    votes.map((v) => [evaluation.id, v.voter, v.score, v.block]),
  );
  return csvResponse(`evaluation-${evaluation.id}-votes.csv`, body);
}
