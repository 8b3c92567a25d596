import type { LoaderFunctionArgs } from "@remix-run/node";
import { chapterExists, getChapterMembers } from "../models/chapters.server";
import { getViewer } from "../models/viewer.server";
import { csvResponse, toCsv } from "../utils/csv";
import { message } from "../i18n/message";
import { invariantResponse, parseChapterId, textErrors } from "../utils/http.server";

const ROSTER_CAP = 100_000;

/**
 * The chapter's current members as CSV: headers and values in English (a data file, read by
 * programs as much as by people). The name last, as the viewer may see it (empty otherwise):
 * programs that read the first five columns by position read them as before.
 */
export function loader({ params, request, context }: LoaderFunctionArgs) {
  return textErrors(async () => {
    const chapterId = parseChapterId(params.chapterId);
    const viewer = await getViewer(request, context);
    const [chapter, roster] = await Promise.all([chapterExists(chapterId), getChapterMembers({ chapterId, limit: ROSTER_CAP, viewer })]);
    invariantResponse(chapter, message("errors.chapterMissing", { id: chapterId }), { status: 404 });
    const body = toCsv(
      ["account", "chapter_id", "role", "joined_block", "joined_at", "name"],
      roster.map((m) => [m.account, chapter.id, m.executive ? "executive" : "member", m.joinedBlock, m.joinedAt, m.name]),
    );
    return csvResponse(`chapter-${chapter.id}-roster.csv`, body);
  });
}
