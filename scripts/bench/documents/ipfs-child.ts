/**
 * A local IPFS node (scripts/lib/ipfs-node.ts, in memory) holding synthetic documents
 * (scripts/lib/synthetic-documents.ts), as a process of its own: the benches' stand-in for the
 * gateways the document fetcher reads, whose CPU is then not the bench's. Started by
 * ./ipfs-process.ts, which says what it prints and reads.
 *
 * Environment: BENCH_IPFS_DOCUMENTS, the JSON of DocumentRange[] (./ipfs-process.ts).
 */
import { encodeDocument } from "../../../app/documents/document.js";
import { startIpfsNode } from "../../lib/ipfs-node.js";
import { syntheticDocument } from "../../lib/synthetic-documents.js";
import { parseDocumentRanges, READY_LINE } from "./ipfs-process.js";

const ranges = parseDocumentRanges(process.env.BENCH_IPFS_DOCUMENTS ?? "");
const node = await startIpfsNode({ port: 0 });
let count = 0;
for (const { kind, first, count: n } of ranges) {
  for (let id = first; id < first + n; id++) {
    await node.add(encodeDocument(syntheticDocument(kind, id)));
    count++;
  }
}
console.log(READY_LINE(count, node.gatewayUrl));

const stop = () => void node.stop().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
