/**
 * The CIDs of the demo documents (./documents.ts), as `ipfs add` gives them: the demo data mints
 * with their digests, and `npm run dev` and the tests add the documents to the local IPFS node, so
 * the fetcher finds and verifies them like any other.
 */
import type { Hex } from "viem";
import { readCid } from "../../../app/ground/cid.js";
import { encodeDocument, type PartyDocument } from "../../../app/documents/document.js";
import { cidOfBytes } from "../../../app/documents/unixfs.js";
import { DEMO_EVALUATION_DOCUMENTS, DEMO_INFO_DOCUMENTS } from "./documents.js";

const cidsOf = (documents: readonly PartyDocument[]) => Promise.all(documents.map((document) => cidOfBytes(encodeDocument(document))));

export const DEMO_EVALUATION_CIDS: readonly string[] = await cidsOf(DEMO_EVALUATION_DOCUMENTS);
export const DEMO_INFO_CIDS: readonly string[] = await cidsOf(DEMO_INFO_DOCUMENTS);

/** The sha2-256 digest a CIDv0 carries: what the contract stores. */
export function digestOfCid(cid: string): Hex {
  const read = readCid(cid);
  if (!read.ok) throw new Error(`not a CIDv0: ${cid}`);
  return read.id.hashDigest;
}

/** Every demo document with its bytes, to add to an IPFS node. */
export const demoDocumentBytes = (): Uint8Array[] => [...DEMO_EVALUATION_DOCUMENTS, ...DEMO_INFO_DOCUMENTS].map(encodeDocument);
