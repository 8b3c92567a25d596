/**
 * Every page's `meta`: a title and a description that say what is on it, in the page's language.
 * `meta` runs outside React (no hooks), so the language comes from the root loader's data.
 *
 *   export const meta = pageMeta<typeof loader>((t, data) => ({
 *     title: chapterLabel(data.chapter, t), description: t("meta.chapter", { name, id, count }),
 *   }));
 */
import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import type { TFunction } from "i18next";
import { tFor } from "./instance";

export type PageMeta = { title: string; description: string; /** More tags (robots). */ extra?: MetaDescriptor[] };

export function pageMeta<Loader = unknown>(describe: (t: TFunction, data: Parameters<MetaFunction<Loader>>[0]["data"]) => PageMeta): MetaFunction<Loader> {
  return ({ data, matches }) => {
    const root = matches.find((match) => match.id === "root")?.data as { language?: string } | undefined;
    const t = tFor(root?.language);
    const { title, description, extra = [] } = describe(t, data);
    return [{ title: t("meta.title", { page: title }) }, { name: "description", content: description }, ...extra];
  };
}
