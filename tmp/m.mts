import { renderMarkdown, findHtml } from "../app/documents/markdown.ts";
console.log(renderMarkdown("# Hi\n\nSome *text* [link](https://x.org) [bad](javascript:alert(1)) ![img](https://evil/x.png) <script>alert(1)</script>\n\n<div>x</div>\n\n`<b>` code\n\nhttps://auto.link"));
console.log(findHtml("a `<b>` and\n\n```\n<div>\n```\n"), findHtml("x <img src=x onerror=1> y"), findHtml("<script>alert(1)</script>"));
const t = performance.now(); const big = "## Section\n\nSome **bold** text with a [link](https://e.org) and a list:\n\n- one\n- two\n\n".repeat(40); for (let i=0;i<200;i++) renderMarkdown(big); console.log(((performance.now()-t)/200).toFixed(3), "ms per", big.length, "chars");
