/** Evaluations, their votes and the party executive's score. */
import { ponder } from "ponder:registry";
import { evaluations, votes } from "ponder:schema";
import { formatCid } from "../../../app/ground/cid";
import { recordActivity } from "../lib/activity";
import { bumpChapter, bumpTotal } from "../lib/counters";

ponder.on("Party:EvaluationMinted", async ({ event, context }) => {
  const { db } = context;
  const { evaluationId, chapterId, hashCode, hashSize, hashDigest, by } = event.args;
  await db.insert(evaluations).values({
    id: evaluationId,
    chapterId,
    hashCode,
    hashSize,
    hashDigest,
    cid: formatCid({ hashCode, hashSize, hashDigest }),
    voteCount: 0,
    scoreSum: 0,
    partyExecutiveScore: null,
    partyExecutiveScoredBy: null,
    mintedBy: by,
    block: event.block.number,
    timestamp: event.block.timestamp,
  });
  await bumpChapter(db, chapterId, "evaluationCount", 1);
  await bumpTotal(db, "evaluationCount", 1);
  await recordActivity(context, event, "EvaluationMinted", { actor: by, chapterId, evaluationId });
});

ponder.on("Party:VoteCast", async ({ event, context }) => {
  const { db } = context;
  const { evaluationId, voter, score } = event.args;
  const previous = await db.find(votes, { evaluationId, voter });
  // Copy the old score now: `find` returns a view of Ponder's cached row, which the update below
  // changes in place (previous.score would then read the new score).
  const previousScore = previous ? previous.score : null;
  const row = { score, block: event.block.number, timestamp: event.block.timestamp };
  if (previous) {
    await db.update(votes, { evaluationId, voter }).set(row);
  } else {
    await db.insert(votes).values({ evaluationId, voter, ...row });
  }
  const evaluation = await db.update(evaluations, { id: evaluationId }).set((e) => ({
    voteCount: e.voteCount + (previous ? 0 : 1),
    scoreSum: e.scoreSum + score - (previousScore ?? 0),
  }));
  if (!previous) await bumpTotal(db, "voteCount", 1);
  await recordActivity(context, event, "VoteCast", { actor: voter, chapterId: evaluation.chapterId, evaluationId });
});

ponder.on("Party:PartyExecutiveScoreSet", async ({ event, context }) => {
  const { db } = context;
  const { evaluationId, executive, score } = event.args;
  const evaluation = await db
    .update(evaluations, { id: evaluationId })
    .set({ partyExecutiveScore: score, partyExecutiveScoredBy: executive });
  await recordActivity(context, event, "PartyExecutiveScoreSet", {
    actor: executive,
    chapterId: evaluation.chapterId,
    evaluationId,
  });
});
