/**
 * The chapter admin's, the evaluation minter's and the info sender's controls, in the production
 * server's HTML over the seeded demo read model (hints only: the contract decides). Each role is
 * moved to a fresh account first, as `npm run grant` does; then each page offers its control to
 * that account alone: not to the other role holders, a plain member or a stranger. What a person
 * typed wrong is refused by POST /api/calls with the field and what it must be.
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { grantRole, type Role } from "../../../app/services/dev-roles.server.js";
import { controlsOf, getAs, sessionFor } from "../../setup/session.js";
import { stack, usePagesStack } from "./pages-stack.js";

usePagesStack();

type Who = "stranger" | "member" | "chapterAdmin" | "minter" | "sender";
const ROLE: Partial<Record<Who, Role>> = { chapterAdmin: "chapter-admin", minter: "evaluation-minter", sender: "info-sender" };
const addresses = new Map<Who, `0x${string}`>();
const tokens = new Map<Who, string | undefined>();
/** The controls this file is about; other roles' controls on the same pages have their own tests. */
const OURS = ["add-chapters", "central-committee", "move-chapter", "remove-chapter", "mint-evaluation", "send-info"];

beforeAll(async () => {
  for (const [who, role] of Object.entries(ROLE) as [Who, Role][]) {
    const account = privateKeyToAccount(generatePrivateKey()).address;
    await grantRole({ rpcUrl: stack.rpcUrl, party: stack.address, account, role });
    addresses.set(who, account);
  }
  await stack.waitForIndexer();
  const [member] = await stack.query<{ account: `0x${string}` }>(
    `select account from ${stack.viewsSchema}.members where chapter_id = 1 and status = 'member' order by account limit 1`,
  );
  addresses.set("member", member!.account);
  tokens.set("stranger", undefined);
  for (const [who, account] of addresses) tokens.set(who, await sessionFor(stack, account));
});

const ours = async (who: Who, path: string) => {
  const page = await getAs(stack.appUrl, path, tokens.get(who));
  expect([who, path, page.status]).toEqual([who, path, 200]);
  return controlsOf(page).filter((c) => OURS.includes(c));
};

const PAGES: [string, Who, string[]][] = [
  ["/", "chapterAdmin", ["add-chapters"]],
  ["/chapters/1", "chapterAdmin", ["central-committee", "move-chapter", "remove-chapter"]],
  ["/evaluations", "minter", ["mint-evaluation"]],
  ["/info", "sender", ["send-info"]],
];

describe.each(PAGES)("%s", (path, holder, controls) => {
  it(`offers ${controls.join(", ")} to the ${holder}`, async () => {
    expect(await ours(holder, path)).toEqual(controls);
  });

  it("offers none of them to anyone else, nor to a stranger", async () => {
    for (const who of ["stranger", "member", "chapterAdmin", "minter", "sender"] as const) {
      if (who !== holder) expect([who, await ours(who, path)]).toEqual([who, []]);
    }
  });
});

it("gives the chapter admin the chapter's members to seat, and the map to place chapters on", async () => {
  const page = await getAs(stack.appUrl, "/chapters/1", tokens.get("chapterAdmin"));
  expect(page.main).toContain("<h2>Chapter admin</h2>");
  const home = await getAs(stack.appUrl, "/", tokens.get("chapterAdmin"));
  expect(home.main).toContain("<h2>Add chapters</h2>");
});

describe("what a person typed wrong, refused by POST /api/calls before anything is signed", () => {
  const call = async (operation: string, who: Who, args: Record<string, unknown>) => {
    const response = await fetch(`${stack.appUrl}/api/calls/${operation}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: addresses.get(who), args }),
    });
    return { status: response.status, ...((await response.json()) as { message: string; field?: string }) };
  };
  const CID = "QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG";

  it("a bad CID, to mint or to send", async () => {
    const bad = "must be a CIDv0 (Qm…) or a CIDv1 (bafy…) of a file added to IPFS";
    expect(await call("mintEvaluation", "minter", { chapterId: "1", cid: "QmNotACid" })).toEqual({ status: 400, field: "args.cid", message: `args.cid: ${bad}` });
    expect(await call("sendInfo", "sender", { eventName: "Congress", infoType: "1", cid: "bafy" })).toEqual({ status: 400, field: "args.cid", message: `args.cid: ${bad}` });
  });

  it("bad coordinates and a bad location, to add or move a chapter", async () => {
    const chapter = { location: "Berlin", x: "10", y: "20", applicants: [] };
    expect(await call("addChapterToParty", "chapterAdmin", { chapters: [chapter, { ...chapter, x: "70000" }] })).toEqual({
      status: 400,
      field: "args.chapters.1.x",
      message: "args.chapters.1.x: must be a whole number from 0 to 65535",
    });
    expect(await call("updateChapterLocation", "chapterAdmin", { chapterId: "1", location: "x".repeat(33), x: "1", y: "2" })).toEqual({
      status: 400,
      field: "args.location",
      message: "args.location: must be a place name of at most 32 bytes (UTF-8), or 0x followed by 64 hex digits",
    });
    expect(await call("updateChapterLocation", "chapterAdmin", { chapterId: "1", location: "Berlin", x: "-1", y: "2" })).toMatchObject({
      status: 400,
      message: "args.x: must be a whole number from 0 to 65535",
    });
  });

  it("what the contract refuses: a chapter with members, and any of these from a non-holder", async () => {
    expect(await call("removeChapter", "chapterAdmin", { chapterId: "1" })).toMatchObject({ status: 422, error: "InvalidInput", message: "Transaction reverted: InvalidInput" });
    expect(await call("mintEvaluation", "member", { chapterId: "1", cid: CID })).toMatchObject({ status: 422, message: "Transaction reverted: NotAnAdmin" });
    expect(await call("sendInfo", "chapterAdmin", { eventName: "Congress", infoType: "1", cid: CID })).toMatchObject({ status: 422, message: "Transaction reverted: NotAnAdmin" });
  });

  it("a good CID passes: the call data comes back for the minter", async () => {
    expect(await call("mintEvaluation", "minter", { chapterId: "1", cid: CID })).toMatchObject({ status: 200, operation: "mintEvaluation" });
  });
});
