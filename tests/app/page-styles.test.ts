/**
 * The stylesheet is written into every page (app/components/page-styles.tsx): the production
 * server's HTML carries the built file's text in <head> and links no stylesheet; a server without
 * the text links it instead. The pages are served without a database (they answer 503): the
 * document around the error is the same.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PageStyles, PageStylesContext } from "../../app/components/page-styles.js";
import { freePort } from "../../scripts/lib/free-port.js";
import { startAppServer, type AppServer } from "../setup/app-server.js";
import { get } from "../setup/html.js";

let app: AppServer;

beforeAll(async () => {
  const dead = `http://127.0.0.1:${await freePort()}`;
  app = await startAppServer({
    env: { DATABASE_URL: `postgresql://nobody@127.0.0.1:${await freePort()}/none`, INDEXER_URL: dead, CHAIN_RPC_URL: dead },
  });
});
afterAll(() => app?.stop());

it("writes the built stylesheet into the page's head and links none", async () => {
  const { body } = await get(app.url, "/chapters/1");
  const head = /<head>([\s\S]*?)<\/head>/.exec(body)![1]!;
  expect(head).not.toMatch(/rel="stylesheet"/);
  const inline = /<style id="page-styles">([\s\S]*?)<\/style>/.exec(head)?.[1];
  const file = /"(\/build\/_assets\/styles-\w+\.css)"/.exec(readFileSync(join(app.dir, "build", "index.js"), "utf8"))?.[1];
  expect(file).toBeDefined();
  expect(inline).toBe(readFileSync(join(app.dir, "public", file!), "utf8"));
  expect(inline).toContain(":focus-visible");
});

it("links the stylesheet when the server has no text for it", () => {
  const render = (css: string | null) =>
    renderToStaticMarkup(createElement(PageStylesContext.Provider, { value: css }, createElement(PageStyles, { href: "/build/_assets/styles-X.css" })));
  expect(render(null)).toBe('<link rel="stylesheet" href="/build/_assets/styles-X.css"/>');
  expect(render("a{color:red}")).toBe('<style id="page-styles">a{color:red}</style>');
});
