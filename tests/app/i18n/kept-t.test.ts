/** keptT: the pages' `t` answers as i18next does, once per message and plain values. */
import i18next from "i18next";
import { keptT } from "../../../app/i18n/instance.js";

async function instance() {
  const made = i18next.createInstance();
  await made.init({
    lng: "en",
    fallbackLng: false,
    resources: { en: { translation: { plain: "Members", hello: "Hello {{name}}", votes_one: "{{count}} vote", votes_other: "{{count}} votes" } } },
    interpolation: { escapeValue: false },
  });
  return made;
}

describe("keptT", () => {
  it("answers as i18next does: plain keys, values and plurals", async () => {
    const made = await instance();
    const t = keptT(made);
    for (let i = 0; i < 2; i++) {
      expect(t("plain")).toBe("Members");
      expect(t("hello", { name: "Ada" })).toBe("Hello Ada");
      expect(t("hello", { name: "Bo" })).toBe("Hello Bo");
      expect(t("votes", { count: 1 })).toBe("1 vote");
      expect(t("votes", { count: 3 })).toBe("3 votes");
      expect(t("missing", "a default")).toBe("a default");
    }
    expect(keptT(made)).toBe(t);
  });

  it("asks i18next once per message and plain values, and every time for anything else", async () => {
    const made = await instance();
    const spy = vi.spyOn(made, "t");
    const t = keptT(made);
    t("hello", { name: "Ada" });
    t("hello", { name: "Ada" });
    t("hello", { name: "Bo" });
    expect(spy).toHaveBeenCalledTimes(2);
    t("hello", { name: { first: "Ada" } });
    t("hello", { name: { first: "Ada" } });
    expect(spy).toHaveBeenCalledTimes(4);
  });
});
