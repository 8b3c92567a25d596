import { getAddress } from "viem";
import { readAddressLines } from "../../../app/utils/address-lines";

const A = "0x1111111111111111111111111111111111111111";
const B = "0xabcdefabcdefabcdefabcdefabcdefabcdefabcd";

describe("readAddressLines", () => {
  it("reads one address a line, checksummed, skipping blank lines and spaces", () => {
    expect(readAddressLines(`  ${A}\n\n${B.toUpperCase().replace("0X", "0x")}\r\n`)).toEqual({ accounts: [A, getAddress(B)], problems: [] });
  });

  it("names every bad line by its number, with the address field's own message", () => {
    expect(readAddressLines(`${A}\n\nnot an address\n${B}\n0x123\n${A}`).problems).toEqual([
      "Line 3: must be an address (0x followed by 40 hex digits)",
      "Line 5: must be an address (0x followed by 40 hex digits)",
      "Line 6: repeats line 1",
    ]);
  });

  it("asks for at least one address when there is none", () => {
    expect(readAddressLines(" \n \n").problems).toEqual(["Paste at least one address, one a line"]);
  });
});
