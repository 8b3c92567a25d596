/**
 * Documents for synthetic evaluations and info messages (./synthetic-read-model.ts and the benches):
 * the demo documents' texts (./demo-data/documents.ts: English, German, Arabic), varied per id so
 * that every id has its own document, bytes and CID, with the sizes real ones have: an evaluation's
 * title ~55–100 characters, its Markdown body ~800–1,500 (headings, lists, a quote, links), its
 * scale; an info message's body ~450–700.
 *
 *   syntheticDocument("evaluation", 17)            // the same document on every machine
 *   await syntheticDocumentFiles("info", 10_000)   // ids 1..10,000 with their bytes, CIDs, digests
 *
 * Id i takes demo document (i - 1) mod 20 (evaluations) or mod 30 (info), numbers its title and adds
 * a paragraph or list whose items, figures and length follow from the id.
 */
import { readCid } from "../../app/ground/cid.js";
import { encodeDocument, type DocumentKind, type PartyDocument } from "../../app/documents/document.js";
import { cidOfBytes } from "../../app/documents/unixfs.js";
import { DEMO_EVALUATION_DOCUMENTS, DEMO_INFO_DOCUMENTS } from "./demo-data/documents.js";
import { mulberry32 } from "./prng.js";

type Language = "en" | "de" | "ar";

type Texts = {
  /** "(No. 17)" after the title. */
  number: (id: number) => string;
  heading: string;
  /** List items; `n` is a figure drawn for the item. */
  items: ((n: number) => string)[];
  /** The closing line with a link to `url`. */
  more: (url: string) => string;
  infoLine: (n: number, url: string) => string;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    number: (id) => `(No. ${id})`,
    heading: "### Further notes",
    items: [
      (n) => `the working group met ${n} times to prepare this evaluation`,
      (n) => `members raised ${n} questions at the last general meeting; the answers are in the minutes`,
      (n) => `a short survey of ${n * 7} participants accompanies this evaluation`,
      (n) => `volunteers spent about ${n * 12} hours on the work described here`,
      (n) => `the budget was ${n * 150} euros, of which **${50 + (n % 50)} per cent** was spent`,
      (n) => `${n} partner organisations took part and were asked for their view`,
    ],
    more: (url) => `Background material and earlier rounds: [${url.replace("https://", "")}](${url})`,
    infoLine: (n, url) => `Reference ${n}. Updates to this notice are published at [${url.replace("https://", "")}](${url}).`,
  },
  de: {
    number: (id) => `(Nr. ${id})`,
    heading: "### Weitere Hinweise",
    items: [
      (n) => `die Arbeitsgruppe hat sich ${n}-mal getroffen, um diese Bewertung vorzubereiten`,
      (n) => `in der letzten Mitgliederversammlung wurden ${n} Fragen gestellt; die Antworten stehen im Protokoll`,
      (n) => `eine kurze Umfrage unter ${n * 7} Teilnehmenden liegt dieser Bewertung bei`,
      (n) => `Freiwillige haben rund ${n * 12} Stunden in die beschriebene Arbeit gesteckt`,
      (n) => `das Budget betrug ${n * 150} Euro, davon wurden **${50 + (n % 50)} Prozent** ausgegeben`,
      (n) => `${n} Partnerorganisationen waren beteiligt und wurden nach ihrer Einschätzung gefragt`,
    ],
    more: (url) => `Hintergrundmaterial und frühere Runden: [${url.replace("https://", "")}](${url})`,
    infoLine: (n, url) => `Aktenzeichen ${n}. Aktualisierungen dieser Mitteilung stehen unter [${url.replace("https://", "")}](${url}).`,
  },
  ar: {
    number: (id) => `(رقم ${id})`,
    heading: "### ملاحظات إضافية",
    items: [
      (n) => `اجتمع فريق العمل ${n} مرات لإعداد هذا التقييم`,
      (n) => `طرح الأعضاء ${n} سؤالًا في آخر اجتماع للجمعية العامة، والإجابات واردة في المحضر`,
      (n) => `يرافق هذا التقييم استبيان قصير شارك فيه ${n * 7} شخصًا`,
      (n) => `قضى المتطوعون نحو ${n * 12} ساعة في العمل الموصوف هنا`,
      (n) => `بلغت الميزانية ${n * 150} يورو، صُرف منها **${50 + (n % 50)} بالمئة**`,
      (n) => `شاركت ${n} منظمات شريكة وطُلب رأيها`,
    ],
    more: (url) => `المواد الخلفية والجولات السابقة: [${url.replace("https://", "")}](${url})`,
    infoLine: (n, url) => `المرجع ${n}. تُنشر تحديثات هذا الإعلان على [${url.replace("https://", "")}](${url}).`,
  },
};

/** Where an evaluation's notes stop (one note at least). */
const BODY_CHARS_UP_TO = 1500;

const language = (document: PartyDocument): Language => (document.language === "de" || document.language === "ar" ? document.language : "en");

/** The document of synthetic evaluation or info message `id` (a positive integer). */
export function syntheticDocument(kind: DocumentKind, id: number): PartyDocument {
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`a synthetic document's id is a positive integer, got ${id}`);
  const random = mulberry32(id * 2 + (kind === "info" ? 1 : 0));
  const figure = () => 2 + Math.floor(random() * 40);
  if (kind === "info") {
    const base = DEMO_INFO_DOCUMENTS[(id - 1) % DEMO_INFO_DOCUMENTS.length]!;
    const texts = TEXTS[language(base)];
    const url = `https://example.org/info/${id}`;
    return { ...base, title: `${base.title} ${texts.number(id)}`, body: `${base.body}\n\n${texts.infoLine(1000 + figure() * id, url)}` };
  }
  const base = DEMO_EVALUATION_DOCUMENTS[(id - 1) % DEMO_EVALUATION_DOCUMENTS.length]!;
  const texts = TEXTS[language(base)];
  // One to all six notes, in an order of their own, as many as fit in ~1,500 characters.
  const items = [...texts.items];
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  items.length = 1 + Math.floor(random() * items.length);
  const notes = items.map((item) => `- ${item(figure())}`);
  const bodyOf = (lines: string[]) => `${base.body}\n\n${texts.heading}\n\n${lines.join("\n")}\n\n${texts.more(`https://example.org/evaluations/${id}`)}`;
  while (notes.length > 1 && [...bodyOf(notes)].length > BODY_CHARS_UP_TO) notes.pop();
  const body = bodyOf(notes);
  return { ...base, title: `${base.title} ${texts.number(id)}`, body };
}

export type SyntheticDocumentFile = {
  id: number;
  document: PartyDocument;
  /** encodeDocument's bytes, as `ipfs add` stores them. */
  bytes: Uint8Array;
  /** The CIDv0 Kubo's `ipfs add` gives the bytes, and the sha2-256 digest the contract holds. */
  cid: string;
  digest: `0x${string}`;
};

/** Ids `first`..`first + count - 1` of `kind` with their bytes, CIDs and digests (about 0.2 ms each). */
export async function syntheticDocumentFiles(kind: DocumentKind, count: number, first = 1): Promise<SyntheticDocumentFile[]> {
  const files: SyntheticDocumentFile[] = [];
  for (let id = first; id < first + count; id++) {
    const document = syntheticDocument(kind, id);
    const bytes = encodeDocument(document);
    const cid = await cidOfBytes(bytes);
    const read = readCid(cid);
    if (!read.ok) throw new Error(`cidOfBytes gave an unreadable CID: ${cid}`);
    files.push({ id, document, bytes, cid, digest: read.id.hashDigest });
  }
  return files;
}
