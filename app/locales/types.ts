/** A language's messages: nested groups of strings (i18next's interpolation and plural suffixes inside). */
export type Messages = { [key: string]: string | Messages };
