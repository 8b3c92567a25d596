/**
 * Accounts in plain text (app/ground/format.ts): the short address, and before it the name the
 * viewer may see, for the lines that are text rather than links (a pending operation's sender).
 */
import { nameAndAddress, shortAddress } from "../../../app/ground/format";

const ACCOUNT = "0x0059aBcDeF0123456789abcdef0123456789B87d";

it("shortens an address to its first 4 and last 4 hex digits", () => {
  expect(shortAddress(ACCOUNT)).toBe("0x0059…B87d");
});

it("puts the name the viewer may see before the short address, found by the lower-case address", () => {
  expect(nameAndAddress(ACCOUNT, { [ACCOUNT.toLowerCase()]: "Mara Beispiel" })).toBe("Mara Beispiel (0x0059…B87d)");
  expect(nameAndAddress(ACCOUNT, {})).toBe("0x0059…B87d");
  expect(nameAndAddress(ACCOUNT, { [ACCOUNT]: "a key the pages never write" })).toBe("0x0059…B87d");
});
