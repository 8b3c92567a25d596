import { getAddress } from "viem";
import "../../../app/i18n/i18n.server";
import { say } from "../../../app/i18n/message";
import { tFor } from "../../../app/i18n/instance";
import { readAddressLines } from "../../../app/utils/address-lines";

const A = "0x1111111111111111111111111111111111111111";
const B = "0xabcdefabcdefabcdefabcdefabcdefabcdefabcd";
const problems = (text: string, language: string) => readAddressLines(text).problems.map((problem) => say(tFor(language), problem));

describe("readAddressLines", () => {
  it("reads one address a line, checksummed, skipping blank lines and spaces", () => {
    expect(readAddressLines(`  ${A}\n\n${B.toUpperCase().replace("0X", "0x")}\r\n`)).toEqual({ accounts: [A, getAddress(B)], problems: [] });
  });

  it("names every bad line by its number, with the address field's own message", () => {
    expect(problems(`${A}\n\nnot an address\n${B}\n0x123\n${A}`, "en")).toEqual([
      "Line 3: must be an address (0x followed by 40 hex digits)",
      "Line 5: must be an address (0x followed by 40 hex digits)",
      "Line 6: repeats line 1",
    ]);
  });

  it("asks for at least one address when there is none", () => {
    expect(problems(" \n \n", "en")).toEqual(["Paste at least one address, one a line"]);
  });

  it("says it in the page's language", () => {
    expect(problems(`${A}\n0x123\n${A}`, "de")).toEqual(["Zeile 2: muss eine Adresse sein (0x, gefolgt von 40 Hexadezimalziffern)", "Zeile 3: wiederholt Zeile 1"]);
    const n = (value: number) => new Intl.NumberFormat("ar").format(value);
    expect(problems(`0x123\n\n${A}\n${A}`, "ar")).toEqual([
      `السطر ${n(1)}: يجب أن يكون عنوانًا (0x متبوعًا بـ 40 رقمًا ست عشريًا)`,
      `السطر ${n(4)}: يكرر السطر ${n(3)}`,
    ]);
    expect(problems("", "de")).toEqual(["Fügen Sie mindestens eine Adresse ein, eine pro Zeile"]);
  });
});
