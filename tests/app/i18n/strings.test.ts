/**
 * Every string a page shows goes through the i18n layer. The TypeScript compiler parses each
 * app/**\/*.tsx (no type checking: fast) and this fails on JSX text with letters, on a
 * user-visible attribute or prop given as text (title, aria-label, alt, placeholder, label, the
 * Fact's term, a list's empty sentence, a form's submit and confirm, an input button's value), on text
 * in a JSX expression (`{ok ? "yes" : "no"}`) and on a table column's or option's title given as
 * text — unless it is on the short allowlist below, each entry with its reason. Strings inside
 * t(...), message(...) and i18nKey are keys, not text. It also checks that every key the app
 * names literally exists in English (tests/app/i18n/keys.test.ts keeps the other languages level).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import en from "../../../app/locales/en/index.js";
import type { Messages } from "../../../app/locales/types.js";
import { ROOT } from "../../../scripts/lib/paths.js";

const APP = join(ROOT, "app");

/** Text that is the same in every language, and why. */
const ALLOWED = new Map<string, string>([
  ["CID", "the content identifier's acronym, as IPFS names it everywhere"],
  ["x", "the contract's name for a chapter's map coordinate"],
  ["y", "the contract's name for a chapter's map coordinate"],
  ["hashCode", "a field of the contract's content identifier, shown as the contract names it"],
  ["hashSize", "a field of the contract's content identifier, shown as the contract names it"],
  ["hashDigest", "a field of the contract's content identifier, shown as the contract names it"],
  ["0x…", "the shape of an address, not words"],
  ["0x…\n0x…", "the shape of a list of addresses, not words"],
  ["…/add-device?key=0x…", "the shape of the link a new device shows, not words"],
]);

/** Attributes and props whose text a person reads or hears. */
const VISIBLE = new Set(["title", "aria-label", "aria-description", "alt", "placeholder", "label", "term", "empty", "submit", "confirm", "summary"]);
/** Object properties that become visible text (a table column's title, a select option's label). */
const VISIBLE_PROPERTIES = new Set(["title", "label", "empty"]);
/** Calls whose string arguments are keys or markup-free values, not text. */
const KEY_CALLS = new Set(["t", "message", "pageTag", "useRouteLoaderData", "mayUse", "import", "require"]);

const hasWords = (text: string) => /\p{L}/u.test(text);
const shown = (text: string) => hasWords(text) && !ALLOWED.has(text.trim());

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith(".tsx") ? [path] : [];
  });
}

const calleeName = (call: ts.CallExpression) => {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return callee.kind === ts.SyntaxKind.ImportKeyword ? "import" : "";
};

/** The texts in an expression that are not keys (not inside t(...) and the like), with their nodes. */
function textsIn(node: ts.Node): ts.Node[] {
  if (ts.isCallExpression(node) && KEY_CALLS.has(calleeName(node))) return [];
  // A comparison or an index is about values, not text: `kind === "social"`, `names["x"]`.
  if (ts.isBinaryExpression(node) && /^(===|!==|==|!=|in)$/.test(node.operatorToken.getText())) return [];
  if (ts.isElementAccessExpression(node)) return textsIn(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return shown(node.text) ? [node] : [];
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("");
    return shown(parts) ? [node] : node.templateSpans.flatMap((span) => textsIn(span.expression));
  }
  // JSX inside the expression is checked on its own.
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return [];
  const found: ts.Node[] = [];
  node.forEachChild((child) => void found.push(...textsIn(child)));
  return found;
}

/** Whether the attribute is an <input type="submit|button|reset">'s value: the text on the button (a <button>'s value is only sent). */
const isButtonValue = (attribute: ts.JsxAttribute) => {
  const element = attribute.parent.parent;
  if (!(ts.isJsxOpeningElement(element) || ts.isJsxSelfClosingElement(element)) || element.tagName.getText() !== "input") return false;
  const type = element.attributes.properties.find((p) => ts.isJsxAttribute(p) && p.name.getText() === "type");
  return !!type && ts.isJsxAttribute(type) && !!type.initializer && /^"(submit|button|reset)"$/.test(type.initializer.getText());
};

function offenders(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${relative(ROOT, path)}:${line + 1} ${what}: ${JSON.stringify(node.getText(source).trim().slice(0, 80))}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && shown(node.text.trim())) report(node, "JSX text");
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      const value = node.initializer;
      if ((VISIBLE.has(name) || (name === "value" && isButtonValue(node))) && value) {
        const texts = ts.isStringLiteral(value) ? (shown(value.text) ? [value] : []) : ts.isJsxExpression(value) && value.expression ? textsIn(value.expression) : [];
        for (const text of texts) report(text, `${name}=`);
      }
      if (name === "i18nKey" || name === "key" || name === "className" || name.startsWith("data-")) return;
    }
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const text of textsIn(node.expression)) report(text, "text in JSX");
    }
    if (ts.isPropertyAssignment(node) && VISIBLE_PROPERTIES.has(node.name.getText(source))) {
      for (const text of textsIn(node.initializer)) report(text, `${node.name.getText(source)}:`);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

const files = tsxFiles(APP);

it("reads every component and route of app/", () => {
  expect(files.length).toBeGreaterThan(60);
  expect(files.map((f) => relative(APP, f))).toEqual(expect.arrayContaining(["root.tsx", "routes/_index.tsx", "components/time.tsx"]));
});

it("shows no text that bypasses the i18n layer", () => {
  expect(files.flatMap(offenders)).toEqual([]);
});

it("catches what it is meant to catch (the checker itself)", () => {
  const probe = join(ROOT, "tests/app/i18n/fixtures/untranslated.tsx");
  expect(offenders(probe).map((line) => line.replace(/^[^ ]+ /, ""))).toEqual([
    'title:: "\\"Account\\""',
    'JSX text: "Hello"',
    'title=: "\\"A title\\""',
    'placeholder=: "\\"e.g. Berlin\\""',
    'text in JSX: "\\"yes\\""',
    'text in JSX: "\\"no\\""',
    'text in JSX: "`${count} chapters`"',
    'value=: "\\"Send\\""',
  ]);
});

/** Every key the app names literally: t("…"), message("…"), i18nKey="…". */
function literalKeys(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const keys: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ["t", "message"].includes(calleeName(node))) {
      const first = node.arguments[0];
      if (first && ts.isStringLiteral(first)) keys.push(first.text);
      if (first && ts.isConditionalExpression(first)) for (const branch of [first.whenTrue, first.whenFalse]) if (ts.isStringLiteral(branch)) keys.push(branch.text);
    }
    if (ts.isJsxAttribute(node) && node.name.getText(source) === "i18nKey" && node.initializer) {
      const value = node.initializer;
      const expression = ts.isJsxExpression(value) ? value.expression : value;
      if (expression && ts.isStringLiteral(expression)) keys.push(expression.text);
      if (expression && ts.isConditionalExpression(expression)) for (const branch of [expression.whenTrue, expression.whenFalse]) if (ts.isStringLiteral(branch)) keys.push(branch.text);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return keys;
}

function has(messages: Messages, key: string): boolean {
  const parts = key.split(".");
  const last = parts.pop()!;
  let group: Messages | string | undefined = messages;
  for (const part of parts) group = typeof group === "object" ? group[part] : undefined;
  if (typeof group !== "object") return false;
  return typeof group[last] === "string" || typeof group[`${last}_other`] === "string";
}

it("names only keys that exist in English", () => {
  const sources = [...files, ...readdirSync(join(APP, "utils")).filter((f) => f.endsWith(".ts")).map((f) => join(APP, "utils", f))];
  const missing = sources.flatMap((path) => literalKeys(path).filter((key) => !has(en, key)).map((key) => `${relative(ROOT, path)}: ${key}`));
  expect(missing).toEqual([]);
});
