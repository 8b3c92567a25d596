/**
 * The range of a vote's score: the contract's int8. The one definition: the `score` field checks
 * it, the vote form and the evaluation page show it. Import-free, so showing it loads no zod.
 */
export const SCORE_MIN = -128;
export const SCORE_MAX = 127;
