/** The built stylesheet's text for app/components/page-styles.tsx, read once. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import styles from "../styles.css";

let cached: { href: string; css: string | null } | undefined;

/** The file under public/ in the server's working directory (where server/index.ts serves it from); null when it cannot be read. */
export function pageStylesText(): string | null {
  if (cached?.href !== styles) {
    let css: string | null = null;
    try {
      css = readFileSync(join(process.cwd(), "public", styles), "utf8");
    } catch {
      // Linked instead (PageStyles' fallback): a page without its styles would be worse than a slower one.
    }
    cached = { href: styles, css };
  }
  return cached.css;
}
