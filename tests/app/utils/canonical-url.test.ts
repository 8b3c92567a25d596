/**
 * The one spelling of a request target (requestTarget), which the routes' canonical-URL check
 * compares and the page cache keys on: spellings that parse alike are one, others stay apart.
 * The production server with it: tests/server/hardening-pages.test.ts.
 */
import { canonicalPath, canonicalUrl, requestTarget } from "../../../app/utils/canonical-url.server.js";

describe("requestTarget", () => {
  it.each([
    ["/", "/"],
    ["/?", "/"],
    ["/?&", "/"],
    ["/?&&&", "/"],
    ["/#top", "/"],
    ["/members?q=0x12&", "/members?q=0x12"],
    ["/members?&&q=0x12&&", "/members?q=0x12"],
    ["/members?q=%30x12", "/members?q=0x12"],
    ["/members?%71=0x12", "/members?q=0x12"],
    ["/members?after=1:2", "/members?after=1%3A2"],
    ["/members?q=a%20b", "/members?q=a+b"],
    ["/%6Dembers", "/members"],
    ["/%6d%65mbers", "/members"],
    ["/./members", "/members"],
    ["/x/../members", "/members"],
    ["/%2e/members", "/members"],
    ["/info/caf%c3%a9", "/info/caf%C3%A9"],
    ["/a%2fb", "/a%2Fb"],
    ["/chapters/1/roster.csv", "/chapters/1/roster.csv"],
  ])("spells %s as %s", (target, spelled) => {
    expect(requestTarget(target)).toBe(spelled);
  });

  it("keeps apart what the loader reads differently", () => {
    const apart = ["/?q=", "/?=", "/?q=1&q=2", "/?b=1&a=2", "/members/", "//members", "/Members", "/members?Q=0x12"];
    expect(new Set(apart.map(requestTarget)).size).toBe(apart.length);
    expect(apart.map(requestTarget)).not.toContain("/");
  });

  it("is what the canonical-URL check compares: a spelling of the canonical URL is no redirect", () => {
    const at = (target: string) => () => canonicalUrl(new Request(`http://party.test${target}`), "/members", { q: "0x12" });
    for (const target of ["/members?q=0x12", "/members?q=%30x12&", "/%6Dembers?&q=0x12"]) expect(at(target)).not.toThrow();
    expect(at("/members?q=0x12&x=1")).toThrow();
    expect(canonicalPath("/members", { q: "0x12", after: "" })).toBe("/members?q=0x12");
  });
});
