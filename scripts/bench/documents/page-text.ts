/** Whether a page's HTML shows a text: as React writes text into a page (escapeTextContentForBrowser). */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** `text` as React writes it into a page's HTML. */
export const htmlEscaped = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Whether `html` holds `text` as a page shows it. */
export const pageShows = (html: string, text: string): boolean => html.includes(htmlEscaped(text));
