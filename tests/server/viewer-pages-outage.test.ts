/**
 * A signed-in request while the database cannot say who the session is (server/viewer-pages.ts):
 * the viewer's own render answers (it reports the outage), the account cookie stays as it is, and
 * nothing is kept, so the session is read again once the database answers.
 */
import { randomBytes } from "node:crypto";
import type { Viewer } from "../../app/utils/viewer.js";
import { PageCache } from "../../server/page-cache.js";
import { ViewerPages, type ViewerRequest } from "../../server/viewer-pages.js";

const ACCOUNT = "0x00000000000000000000000000000000000000A1";
const token = randomBytes(32).toString("base64url");

function setUp() {
  const cache = new PageCache({ maxBytes: 1 << 20, personal: () => true });
  cache.advance("v1", "all");
  return new ViewerPages(cache);
}

const asked = () =>
  new Request("http://app.test/chapters/1", { headers: { cookie: `__Host-session=${token}; account=${ACCOUNT}` } });

it("answers with the viewer's own render while the session cannot be read, keeps nothing, and reads it again after", async () => {
  const pages = setUp();
  const lookups: string[] = [];
  const own: (Viewer | undefined)[] = [];
  const io = (lookup: ViewerRequest["lookup"]): ViewerRequest => ({
    token,
    lookup: (t) => {
      lookups.push(t);
      return lookup(t);
    },
    own: async (viewer) => {
      own.push(viewer);
      return new Response("own", { status: 503 });
    },
    shared: () => Promise.reject(new Error("no shared render for a viewer nobody could read")),
  });

  const down = await pages.serve(asked(), "/chapters/1", io(() => Promise.reject(new Response("unavailable", { status: 503 }))));
  expect([down.status, await down.text(), down.headers.get("set-cookie")]).toEqual([503, "own", null]);
  expect(own).toEqual([undefined]);

  // Not taken for signed out: the next request asks the database again.
  const again = await pages.serve(asked(), "/chapters/1", io(() => Promise.resolve(null)));
  expect(lookups).toEqual([token, token]);
  // Now it says there is no such session: the account cookie goes.
  expect(again.headers.get("set-cookie")).toMatch(/^account=; Max-Age=0;/);
});
