/**
 * A document's body, Markdown to HTML, with markdown-it (CommonMark): the evaluation page renders it
 * on the server and the minter's preview in the browser, with this one function, so the preview is
 * what members will read.
 *
 * What a body cannot do, whoever wrote it: raw HTML is text (never markup), images are not loaded
 * (an image is shown as a link to it, so no remote request is made on a member's behalf), links go
 * only to http(s) and mailto and carry rel="nofollow noopener ugc", and headings start below the
 * page's own title (# is an <h2>).
 */
import MarkdownIt from "markdown-it";

const SAFE_LINK = /^(https?:|mailto:)/i;

function createRenderer({ html }: { html: boolean }) {
  const md = new MarkdownIt({ html, linkify: true, typographer: false });
  md.disable("image");
  // markdown-it already refuses javascript:, vbscript:, file: and data:; relative links and other schemes go too.
  md.validateLink = (url) => SAFE_LINK.test(url.trim());
  md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
    tokens[idx]!.attrSet("rel", "nofollow noopener ugc");
    return self.renderToken(tokens, idx, options);
  };
  const shift = (tag: string) => `h${Math.min(6, Number(tag.slice(1)) + 1)}`;
  md.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
    tokens[idx]!.tag = shift(tokens[idx]!.tag);
    return self.renderToken(tokens, idx, options);
  };
  md.renderer.rules.heading_close = md.renderer.rules.heading_open;
  return md;
}

const renderer = createRenderer({ html: false });
// Only to find raw HTML the writer typed (outside code), which the form refuses.
const htmlFinder = createRenderer({ html: true });

/** The body as HTML: escaped text and the few tags Markdown makes, safe to put into a page. */
export function renderMarkdown(body: string): string {
  return renderer.render(body);
}

/** The first raw HTML in a body (a tag or comment outside code), shortened; undefined when there is none. */
export function findHtml(body: string): string | undefined {
  if (!body.includes("<")) return undefined;
  const find = (tokens: ReturnType<typeof htmlFinder.parse>): string | undefined => {
    for (const token of tokens) {
      if (token.type === "html_block" || token.type === "html_inline") return token.content.trim().slice(0, 40);
      const inner = token.children ? find(token.children) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  return find(htmlFinder.parse(body, {}));
}
