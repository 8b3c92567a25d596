/**
 * The content identifier of an evaluation or an info message: either a CID, from which the
 * multihash parts are derived, or the parts themselves (hashCode, hashSize, hashDigest).
 */
import type { Hex } from "viem";
import { z } from "zod";
import { readCid } from "../ground/cid";
import { between, BYTES32, bytes32, optionalField, uint8 } from "./fields";
import { problem } from "./issue";
import type { ContentId } from "../ground/cid";

const reuse = <T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>) => (v: unknown) => {
  const parsed = schema.safeParse(v);
  return parsed.success ? parsed.data : undefined;
};

export const contentIdFields = {
  cid: z.unknown().transform((value, ctx): ContentId | undefined => {
    if (value === undefined || value === null || value === "") return undefined;
    const read = typeof value === "string" ? readCid(value) : ({ ok: false, problem: "cid" } as const);
    if (read.ok) return read.id;
    ctx.addIssue({ code: z.ZodIssueCode.custom, ...problem(read.problem) });
    return z.NEVER;
  }),
  hashCode: optionalField(between(0n, 255n), reuse(uint8)),
  hashSize: optionalField(between(0n, 255n), reuse(uint8)),
  hashDigest: optionalField(BYTES32, reuse(bytes32)),
};

type ContentIdInput = { cid?: ContentId; hashCode?: number; hashSize?: number; hashDigest?: Hex };

/** The parts from `cid` or given one by one; an issue on the field that is missing or extra. */
export function resolveContentId({ cid, ...parts }: ContentIdInput, ctx: z.RefinementCtx): ContentId | undefined {
  const { hashCode, hashSize, hashDigest } = parts;
  if (cid) {
    const extra = (Object.keys(parts) as (keyof typeof parts)[]).find((key) => parts[key] !== undefined);
    if (!extra) return cid;
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [extra], ...problem("notWithCid") });
    return undefined;
  }
  if (hashCode !== undefined && hashSize !== undefined && hashDigest !== undefined) return { hashCode, hashSize, hashDigest };
  const missing = hashCode === undefined ? "hashCode" : hashSize === undefined ? "hashSize" : "hashDigest";
  ctx.addIssue({ code: z.ZodIssueCode.custom, path: [missing], ...problem("requiredOrCid") });
  return undefined;
}

/** `fields` and a content id (`cid`, or `hashCode`, `hashSize` and `hashDigest`): the fields with the id's parts. */
export function withContentId<T extends z.ZodRawShape>(fields: T) {
  return z.object({ ...fields, ...contentIdFields }).transform(({ cid, hashCode, hashSize, hashDigest, ...own }, ctx) => {
    const parts = resolveContentId({ cid, hashCode, hashSize, hashDigest }, ctx);
    return parts ? { ...own, ...parts } : z.NEVER;
  });
}
