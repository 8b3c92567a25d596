import type { LoaderFunctionArgs } from "@remix-run/node";
import { chapterExists, getChapterMembers } from "../models/chapters.server";
import { csvResponse, toCsv } from "../utils/csv";
import { invariantResponse, parseChapterId } from "../utils/http.server";

const ROSTER_CAP = 100_000;

/** The chapter's current members as CSV. */
export async function loader({ params }: LoaderFunctionArgs) {
  const chapterId = parseChapterId(params.chapterId);
  const [chapter, roster] = await Promise.all([chapterExists(chapterId), getChapterMembers({ chapterId, limit: ROSTER_CAP })]);
  invariantResponse(chapter, `Chapter ${chapterId} does not exist`, { status: 404 });
  const body = toCsv(
    ["account", "chapter_id", "role", "joined_block", "joined_at"],
    roster.map((m) => [m.account, chapter.id, m.executive ? "executive" : "member", m.joinedBlock, m.joinedAt]),
  );
  return csvResponse(`chapter-${chapter.id}-roster.csv`, body);
}
