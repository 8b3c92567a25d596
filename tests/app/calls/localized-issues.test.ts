/**
 * The input checks in the page's language: a form checks its args with the operation's schema and
 * says the first problem in German or Arabic (missing, bad address, out of range, too many
 * entries), naming the field by the form's label where it gives one, while the JSON API's
 * English (`prepare`'s message, tests/app/calls/validation.test.ts) stays as it was.
 */
import { z } from "zod";
import { operations } from "../../../app/calls/index.js";
import { fieldProblem, issueMessage } from "../../../app/calls/issue.js";
import { inputIssue } from "../../../app/calls/operation.js";
import { MAX_OWNERS } from "../../../app/calls/update-owners.js";
import { checkArgs } from "../../../app/components/wallet/check-args.js";
import "../../../app/i18n/i18n.server.js";
import { tFor } from "../../../app/i18n/instance.js";
import { ALICE } from "../../fixtures/accounts.js";

const PARTY = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const A = ALICE.address;
const de = tFor("de");
const ar = tFor("ar");
const en = tFor("en");
const arNumber = (n: number) => new Intl.NumberFormat("ar").format(n);

describe("German", () => {
  it("missing: the field by the form's label", () => {
    expect(checkArgs("removeMemberFromParty", {}, de, { account: de("forms.account") })).toBe("Konto: ist erforderlich");
  });

  it("a bad address in a list: the entry's path when there is no label", () => {
    expect(checkArgs("addMemberToParty", { accounts: [A, "0xbad"] }, de)).toBe("accounts.1: muss eine Adresse sein (0x, gefolgt von 40 Hexadezimalziffern)");
  });

  it("out of range, with the bound in German digits, and 2^128-1 as it is", () => {
    expect(checkArgs("updateChapterLocation", { chapterId: 1, location: "Berlin", x: 70000, y: 1 }, de)).toBe("x: muss eine ganze Zahl von 0 bis 65.535 sein");
    expect(checkArgs("removeChapter", { chapterId: 0 }, de, { chapterId: "Ortsgruppen-ID" })).toBe("Ortsgruppen-ID: muss eine ganze Zahl von 1 bis 2^128-1 sein");
  });

  it("too many entries", () => {
    expect(checkArgs("addMemberToParty", { accounts: Array(201).fill(A) }, de)).toBe("accounts: darf höchstens 200 Einträge haben");
  });

  it("a new chapter's field by a labelling function", () => {
    const labels = (field: string) => (field === "chapters.0.location" ? "Neue Ortsgruppe 1, Ort" : undefined);
    const args = { chapters: [{ applicants: [A], location: "x".repeat(33), x: 1, y: 2 }] };
    expect(checkArgs("addChapterToParty", args, de, labels)).toMatch(/^Neue Ortsgruppe 1, Ort: muss ein Ortsname von höchstens 32 Bytes/);
  });
});

describe("Arabic", () => {
  it("missing", () => {
    expect(checkArgs("removeMemberFromParty", {}, ar, { account: ar("forms.account") })).toBe(`${ar("forms.account")}: مطلوب`);
  });

  it("a bad address", () => {
    expect(checkArgs("promotePartyExecutive", { account: "0x123" }, ar)).toBe("account: يجب أن يكون عنوانًا (0x متبوعًا بـ 40 رقمًا ست عشريًا)");
  });

  it("out of range", () => {
    expect(checkArgs("vote", { evaluationId: 1, score: 128 }, ar)).toBe(`score: يجب أن يكون عددًا صحيحًا من ${arNumber(-128)} إلى ${arNumber(127)}`);
  });

  it("too many entries, in Arabic's plural forms (200: other, 10: few)", () => {
    expect(checkArgs("addMemberToParty", { accounts: Array(201).fill(A) }, ar)).toBe(`accounts: يجب ألا يحتوي على أكثر من ${arNumber(200)} عنصر`);
    const owners = Array.from({ length: MAX_OWNERS + 1 }, (_, i) => `0x${(i + 1).toString(16).padStart(2, "0").repeat(84)}`);
    expect(checkArgs("updateOwners", { account: A, add: owners }, ar)).toBe(`add: يجب ألا يحتوي على أكثر من ${arNumber(MAX_OWNERS)} عناصر`);
  });
});

describe("English, one text for the page and the API", () => {
  it.each<[string, Record<string, unknown>]>([
    ["removeMemberFromParty", {}],
    ["addMemberToParty", { accounts: [A, "0xbad"] }],
    ["updateChapterLocation", { chapterId: 1, location: "Berlin", x: 70000, y: 1 }],
    ["addMemberToParty", { accounts: Array(201).fill(A) }],
    ["mintEvaluation", { chapterId: 1, cid: "hello" }],
  ])("%s %j: the API's message is the page's with args. before it", (operation, args) => {
    const prepared = operations[operation as keyof typeof operations].prepare(PARTY, args);
    if (prepared.ok) throw new Error("expected a problem");
    expect(prepared.message).toBe(`args.${checkArgs(operation as keyof typeof operations, args, en)}`);
  });

  it("keeps the API's texts", () => {
    const message = (operation: keyof typeof operations, args: object) => {
      const prepared = operations[operation].prepare(PARTY, args);
      return prepared.ok ? "" : prepared.message;
    };
    expect(message("removeChapter", { chapterId: 0 })).toBe("args.chapterId: must be a whole number from 1 to 2^128-1");
    expect(message("updateChapterLocation", { chapterId: 1, location: "Berlin", x: 1, y: 65536 })).toBe("args.y: must be a whole number from 0 to 65535");
    expect(message("addMemberToParty", { accounts: Array(201).fill(A) })).toBe("args.accounts: must have at most 200 entries");
  });
});

describe("zod's own issues, should any be met", () => {
  const said = (schema: z.ZodTypeAny, value: unknown) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) throw new Error("expected a problem");
    return inputIssue(parsed.error, []);
  };

  it("are said in the page's language too, while the API keeps zod's English", () => {
    const tooMany = said(z.object({ list: z.array(z.number()).max(2) }), { list: [1, 2, 3] });
    expect(tooMany.message).toBe("list: Array must contain at most 2 element(s)");
    expect(fieldProblem(de, tooMany.field, tooMany.said)).toBe("list: darf höchstens 2 Einträge haben");
    const missing = said(z.object({ name: z.string() }), {});
    expect(fieldProblem(ar, missing.field, missing.said)).toBe("name: مطلوب");
    expect(fieldProblem(de, "email", said(z.string().email(), "x").said)).toBe("email: ist ungültig");
    expect(issueMessage({ code: "custom", path: [], message: "plain English" })).toEqual({ key: "calls.invalid" });
  });
});
