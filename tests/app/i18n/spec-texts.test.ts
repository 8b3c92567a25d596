/**
 * SPEC 8's texts in every language: each travels as a message and the sentence around the fixed
 * part is translated, while the contract error's name, the server's message and the status come
 * through exactly as they were; an outside text is shown as it came, never parsed.
 * And the formatting helpers every page uses (app/ground/format.ts): UTC text, relative and local
 * times, numbers, means and lists through Intl in the page's language.
 */
import "../../../app/i18n/i18n.server.js";
import { tFor } from "../../../app/i18n/instance.js";
import { explainError, localizeSpecText } from "../../../app/i18n/spec-texts.js";
import { CommandError, newCommandMessage, sendCommand } from "../../../app/utils/command-typed-data.js";
import { nextStatus } from "../../../app/utils/operation-status.js";
import * as lifecycle from "../../../app/utils/operation-messages.js";
import { encodeErrorResult } from "viem";
import { partyAbi } from "../../../abis/party.js";
import { revertMessage } from "../../../app/calls/revert.js";
import { ACCOUNT_NOT_AVAILABLE, WalletActionError } from "../../../app/wallet/errors.js";
import { formatNumber, listInWords, localText, mean, relativeText, utcText } from "../../../app/ground/format.js";

describe("SPEC 8's texts", () => {
  const notAMember = revertMessage(encodeErrorResult({ abi: partyAbi, errorName: "NotAMember" }));
  it.each([
    ["en", notAMember, "Transaction reverted: NotAMember"],
    ["de", notAMember, "Transaktion rückgängig gemacht: NotAMember"],
    ["ar", notAMember, "أُلغيت المعاملة: NotAMember"],
    ["en", ACCOUNT_NOT_AVAILABLE, "Account not available"],
    ["de", ACCOUNT_NOT_AVAILABLE, "Konto nicht verfügbar"],
    ["en", new CommandError("signature is not valid", 401).alert, "Error sending command: signature is not valid (401)"],
    ["de", new CommandError("signature is not valid", 401).alert, "Fehler beim Senden des Befehls: signature is not valid (401)"],
    ["ar", new CommandError("Too many requests", 429).alert, "خطأ في إرسال الأمر: Too many requests (429)"],
    // Anything else (an SDK's or the server's own words) as it came, even when it looks like one of ours.
    ["de", "webauthn is not supported by this browser", "webauthn is not supported by this browser"],
    ["de", "Transaction reverted: NotAMember", "Transaction reverted: NotAMember"],
  ])("%s: %j", (language, text, shown) => {
    expect(localizeSpecText(text, tFor(language))).toBe(shown);
  });

  it("a failed command's keyed server message is said in the page's language; the JSON's English otherwise", async () => {
    const answer = { message: "No Telegram account is linked to this address: register it first", key: "refusals.telegram.notLinked", values: {} };
    const failed = await sendCommand({
      message: newCommandMessage("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "unlink_telegram", []),
      sign: () => Promise.reject(new Error("not asked")),
      verifyingContract: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      fetch: async () => Response.json(answer, { status: 404 }),
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(CommandError);
    const alert = (failed as CommandError).alert;
    expect((failed as CommandError).message).toBe(`Error sending command: ${answer.message} (404)`);
    expect(localizeSpecText(alert, tFor("de"))).toBe(
      "Fehler beim Senden des Befehls: Mit dieser Adresse ist kein Telegram-Konto verknüpft: Verknüpfen Sie es zuerst (404)",
    );
    expect(localizeSpecText(alert, tFor("en"))).toBe(`Error sending command: ${answer.message} (404)`);
    // A key this page does not know (a newer server) shows the server's English.
    const newer = new CommandError("Something new", 400, { key: "refusals.command.fromTheFuture" });
    expect(localizeSpecText(newer.alert, tFor("ar"))).toBe("خطأ في إرسال الأمر: Something new (400)");
    // No key: the English text as it came, around the translated sentence.
    expect(new CommandError("Database down", 503).alert).toEqual({ key: "wallet.commandError", values: { message: "Database down", status: 503 } });
    expect(localizeSpecText(new CommandError("Database down", 503).alert, tFor("de"))).toBe("Fehler beim Senden des Befehls: Database down (503)");
  });

  it("each contract error has its plain sentence in every language; an unknown name none", () => {
    const alreadyApplied = revertMessage(encodeErrorResult({ abi: partyAbi, errorName: "AlreadyApplied" }));
    expect(explainError(alreadyApplied, tFor("en"))).toBe("This account already has an application waiting for a decision.");
    expect(explainError(alreadyApplied, tFor("de"))).toBe("Für dieses Konto wartet schon eine Bewerbung auf eine Entscheidung.");
    // The server's 422 (its English beside the message) is explained the same way.
    expect(explainError({ text: "Transaction reverted: AlreadyApplied", said: alreadyApplied }, tFor("de"))).toBe(explainError(alreadyApplied, tFor("de")));
    expect(explainError({ key: "wallet.reverted", values: { name: "NoSuchError" } }, tFor("de"))).toBeUndefined();
    expect(explainError("Transaction reverted: AlreadyApplied", tFor("en"))).toBeUndefined();
    expect(explainError(ACCOUNT_NOT_AVAILABLE, tFor("ar"))).toBeUndefined();
  });
});

describe("the operation lifecycle's own failures", () => {
  const hash = `0x${"ab".repeat(32)}`;
  const sender = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

  it.each([
    [lifecycle.dropped(), "Dropped: the bundler no longer has this user operation and it was never included", "Verworfen: Der Bundler hat diese Nutzeroperation nicht mehr, und sie wurde nie in einen Block aufgenommen"],
    [lifecycle.notRegistered(sender), `Not the registered operation: its sender is ${sender}`, `Nicht die registrierte Operation: Ihr Absender ist ${sender}`],
    [lifecycle.replaced(hash), `Replaced by ${hash}`, `Ersetzt durch ${hash}`],
    [lifecycle.serverAnswered(502), "The server answered 502", "Der Server antwortete mit 502"],
    [lifecycle.unknownOperation(hash), `The server does not know user operation ${hash} (was it registered with POST /api/operations?)`, `Der Server kennt die Nutzeroperation ${hash} nicht (wurde sie mit POST /api/operations registriert?)`],
    [lifecycle.notFinal(hash, "included"), `User operation ${hash} did not reach final in time (last status: included)`, `Die Nutzeroperation ${hash} wurde nicht rechtzeitig endgültig (letzter Stand: included)`],
    [lifecycle.stuck(hash, 15000), `User operation ${hash} has no receipt after 15000 ms: it is stuck`, `Die Nutzeroperation ${hash} hat nach 15.000 ms noch keinen Beleg: Sie hängt fest`],
  ])("%j: in English and German from its key", (said, english, german) => {
    expect(localizeSpecText(said, tFor("en"))).toBe(english);
    expect(localizeSpecText(said, tFor("de"))).toBe(german);
  });

  it("a dropped operation's status line, in Arabic", () => {
    const dropped = nextStatus({ status: "signed", transactionHash: null, blockNumber: null, error: null }, { dropped: true });
    expect(localizeSpecText(dropped.error!, tFor("ar"))).toBe("أُسقطت: لم تعد العملية لدى المُجمِّع (bundler) ولم تُدرج في أي كتلة");
  });

  it("a write's server refusal with a key (POST /api/calls' 503) is said in the page's language", () => {
    const english = "The chain is not reachable right now, so the call could not be checked. Try again in a few seconds.";
    const failed = new WalletActionError(english, { key: "refusals.preflightUnavailable", values: {} });
    expect(localizeSpecText(failed.shown, tFor("en"))).toBe(english);
    expect(localizeSpecText(failed.shown, tFor("de"))).toBe(
      "Die Blockchain ist gerade nicht erreichbar, daher konnte der Aufruf nicht geprüft werden. Versuchen Sie es in ein paar Sekunden erneut.",
    );
    expect(new WalletActionError("Two different passkeys answered").shown).toBe("Two different passkeys answered");
    expect(localizeSpecText(new WalletActionError({ key: "wallet.nothingToSend" }).shown, tFor("de"))).toBe(tFor("de")("wallet.nothingToSend"));
  });
});

describe("formatting", () => {
  const at = Date.UTC(2026, 0, 3, 14, 5) / 1000;

  it("UTC text is the same in every language: ISO order, minutes, UTC", () => {
    expect(utcText(at)).toBe("2026-01-03 14:05 UTC");
    expect(utcText(String(at))).toBe("2026-01-03 14:05 UTC");
  });

  it("local time in the zone and language asked for, with the zone's name", () => {
    expect(localText(at, ["de"], "Asia/Tokyo")).toMatch(/^3\. Jan\.? 2026, 23:05 /);
    expect(localText(at, ["en-GB"], "America/Mexico_City")).toMatch(/^3 Jan 2026, 08:05 /);
  });

  it("relative within a week, in the language; nothing beyond", () => {
    const now = (at + 3 * 3600) * 1000;
    expect(relativeText(at, now, ["en-GB"])).toBe("3 hours ago");
    expect(relativeText(at, now, ["de"])).toBe("vor 3 Stunden");
    expect(relativeText(at, (at + 120) * 1000, ["de"])).toBe("vor 2 Minuten");
    expect(relativeText(at, (at + 86_400) * 1000, ["en-GB"])).toBe("yesterday");
    expect(relativeText(at, (at + 8 * 86_400) * 1000, ["en-GB"])).toBeUndefined();
  });

  it("numbers, means and lists for the language", () => {
    expect([formatNumber(1234567, "en"), formatNumber("1234567", "de")]).toEqual(["1,234,567", "1.234.567"]);
    expect([mean(3, 2, "en"), mean(3, 2, "de"), mean(0, 0, "de")]).toEqual(["1.50", "1,50", "–"]);
    expect(listInWords(["a", "b", "c"], "en")).toBe("a, b and c");
    expect(listInWords(["a", "b"], "de")).toBe("a und b");
    expect(listInWords(["a"], "en")).toBe("a");
  });
});
