/**
 * SPEC 2: the sign-in flow reads, then strips, the auth redirect's parameters from the address;
 * an error it brought back is shown in our own sentence (issue #26).
 */
import "../../../app/i18n/i18n.server.js";
import { tFor } from "../../../app/i18n/instance.js";
import { localizeSpecText } from "../../../app/i18n/spec-texts.js";
import { RETURN_PARAMS } from "../../../app/ground/return-params";
import { authReturnAlert, authReturnErrorOf, authReturnOf, readReturnParams, stripReturnParams } from "../../../app/wallet/return-params";

describe("readReturnParams", () => {
  it("reads every return parameter and strips them, keeping the path, other parameters and the hash", () => {
    const href =
      "https://party.example/chapters/3?bundle=B1&orgId=O1&alchemy-bundle=B2&alchemy-org-id=O2&alchemy-error=oops" +
      "&alchemy-id-token=T&aa-is-signup=true&limit=5#members";
    expect(readReturnParams(href)).toEqual({
      params: {
        bundle: "B1",
        orgId: "O1",
        "alchemy-bundle": "B2",
        "alchemy-org-id": "O2",
        "alchemy-error": "oops",
        "alchemy-id-token": "T",
        "aa-is-signup": "true",
      },
      stripped: "/chapters/3?limit=5#members",
    });
  });

  it("covers exactly the seven names of SPEC 2", () => {
    expect([...RETURN_PARAMS].sort()).toEqual(
      ["bundle", "orgId", "alchemy-bundle", "alchemy-org-id", "alchemy-error", "alchemy-id-token", "aa-is-signup"].sort(),
    );
  });

  it("leaves an address without them alone (stripped: null), and drops the ? when nothing else is left", () => {
    expect(readReturnParams("https://party.example/?q=berlin")).toEqual({ params: {}, stripped: null });
    expect(readReturnParams("https://party.example/evaluations?orgId=")).toEqual({ params: { orgId: "" }, stripped: "/evaluations" });
    // Names are exact: a look-alike stays.
    expect(readReturnParams("https://party.example/?bundles=1&Bundle=2").stripped).toBeNull();
  });

  it("strips a parameter given twice", () => {
    expect(readReturnParams("https://party.example/?bundle=a&x=1&bundle=b")).toEqual({ params: { bundle: "a" }, stripped: "/?x=1" });
  });
});

describe("stripReturnParams", () => {
  it("replaces the address once, keeping the history state (the router's key)", () => {
    const calls: unknown[][] = [];
    const history = { state: { key: "k1", idx: 2 }, replaceState: (...args: unknown[]) => void calls.push(args) };
    const read = stripReturnParams({ href: "http://localhost:3000/party?alchemy-bundle=X&alchemy-org-id=Y&alchemy-id-token=Z" }, history);
    expect(read.params).toEqual({ "alchemy-bundle": "X", "alchemy-org-id": "Y", "alchemy-id-token": "Z" });
    expect(calls).toEqual([[{ key: "k1", idx: 2 }, "", "/party"]]);
  });

  it("does not touch the history when there is nothing to strip", () => {
    const history = { state: null, replaceState: vi.fn() };
    stripReturnParams({ href: "http://localhost:3000/party?x=1" }, history);
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});

describe("authReturnOf", () => {
  it("names what an OAuth or email return brought, preferring the alchemy- names", () => {
    expect(authReturnOf({ "alchemy-bundle": "B", "alchemy-org-id": "O", "alchemy-id-token": "T", "aa-is-signup": "true" })).toEqual({
      bundle: "B",
      orgId: "O",
      idToken: "T",
      isSignup: true,
    });
    expect(authReturnOf({ bundle: "E", orgId: "O" })).toEqual({ bundle: "E", orgId: "O", isSignup: false });
    expect(authReturnOf({ "alchemy-error": "OAuth cancelled" })).toEqual({ error: "cancelled", isSignup: false });
    expect(authReturnOf({ "alchemy-error": "" })).toEqual({ error: "failed", isSignup: false });
    expect(authReturnOf({ orgId: "O" })).toBeUndefined();
    expect(authReturnOf({})).toBeUndefined();
  });
});

describe("a return error is said in our words, never the link's", () => {
  // Anyone can send a link with alchemy-error: it is shown as the wallet's alert on the real site.
  const PHISHING = "Your account is locked. Call +1 555 0100 or visit evil.example to restore it";

  it("maps the parameter to a kind: a cancel, or a failure", () => {
    expect(authReturnErrorOf("OAuth cancelled")).toBe("cancelled");
    expect(authReturnErrorOf("access_denied")).toBe("cancelled");
    expect(authReturnErrorOf("User canceled the login")).toBe("cancelled");
    for (const text of [PHISHING, "", "server_error", "<b>bold</b>"]) expect(authReturnErrorOf(text)).toBe("failed");
    expect(authReturnOf(readReturnParams(`https://party.example/?alchemy-error=${encodeURIComponent(PHISHING)}`).params)).toEqual({ error: "failed", isSignup: false });
  });

  it.each([
    ["en", "cancelled", "OAuth cancelled"],
    ["en", "failed", "Sign-in did not complete. Please try again."],
    ["de", "cancelled", "OAuth abgebrochen"],
    ["de", "failed", "Die Anmeldung wurde nicht abgeschlossen. Bitte versuchen Sie es erneut."],
    ["ar", "cancelled", "أُلغي تسجيل الدخول عبر OAuth"],
    ["ar", "failed", "لم يكتمل تسجيل الدخول. يُرجى المحاولة مرة أخرى."],
  ] as const)("%s, %s: the alert the wallet shows is our sentence", (language, kind, shown) => {
    expect(localizeSpecText(authReturnAlert(kind), tFor(language))).toBe(shown);
  });
});
