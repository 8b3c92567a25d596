/**
 * A new contract error needs only its sentence in each language (app/locales/<language>/wallet.ts,
 * `revert.<Name>`): here a fake one, declared by the party ABI for this file alone and given its
 * sentences as the locale files would, decodes once into its message, fails the operation, is
 * stored and answered (its English beside its key), and a page says and explains it in its
 * language. No table of patterns is touched on the way.
 */
import { encodeErrorResult, type Hex } from "viem";
import "../../../app/i18n/i18n.server.js";
import { i18nFor, tFor } from "../../../app/i18n/instance.js";
import { explainError, localizeSpecText } from "../../../app/i18n/spec-texts.js";
import { storedError } from "../../../app/services/operations/records.server.js";
import { messageBody } from "../../../app/utils/http.server.js";
import { nextStatus, type OperationRecord } from "../../../app/utils/operation-status.js";
import type { LifecycleEvent } from "../../../app/wallet/lifecycle.js";
import { trackOperation } from "../../../app/wallet/track.js";

const FAKE = vi.hoisted(() => ({ type: "error", name: "NotYetEligible", inputs: [{ name: "until", type: "uint256" }] }) as const);

vi.mock("../../../abis/party", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../abis/party.js")>();
  return { ...real, partyAbi: [...real.partyAbi, FAKE] };
});

/** The one line per language a new error needs. */
const SENTENCES = {
  en: "This account may act only from {{until}} on.",
  de: "Dieses Konto darf erst ab {{until}} handeln.",
  ar: "لا يمكن لهذا الحساب التصرف قبل {{until}}.",
};

beforeAll(() => {
  for (const [language, sentence] of Object.entries(SENTENCES)) i18nFor(language).addResource(language, "translation", "revert.NotYetEligible", sentence);
});

const HASH = `0x${"ab".repeat(32)}` as Hex;
const TX = `0x${"cd".repeat(32)}` as Hex;

it("travels as { key, values } from the revert data to the page, and is said in each language", async () => {
  const reason = encodeErrorResult({ abi: [FAKE], errorName: "NotYetEligible", args: [1_700_000_000n] });
  const failed = nextStatus(
    { status: "signed", transactionHash: null, blockNumber: null, error: null },
    { receipt: { transactionHash: TX, blockNumber: 42n, success: false, reason } },
  );
  expect(failed.error).toEqual({ key: "wallet.reverted", values: { name: "NotYetEligible", until: "1700000000" } });

  // Stored as jsonb, read back, and answered by GET /api/operations/:hash with its English.
  const stored = JSON.parse(storedError(failed.error)!) as typeof failed.error & object;
  const error = messageBody(stored);
  expect(error).toEqual({ message: "Transaction reverted: NotYetEligible", key: "wallet.reverted", values: { name: "NotYetEligible", until: "1700000000" } });

  // The browser follows the operation and shows why it failed.
  const record: OperationRecord = {
    userOpHash: HASH,
    sender: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    operation: "vote",
    subject: {},
    status: "failed",
    transactionHash: TX,
    blockNumber: 42,
    error,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
  };
  const events: LifecycleEvent[] = [];
  await trackOperation({ hash: HASH, fetch: async () => Response.json(record), onStatus: (e) => events.push(e), sleep: async () => undefined });
  const shown = events.find((e) => e.status === "failed");
  if (shown?.status !== "failed") throw new Error("no failed event");

  expect(localizeSpecText(shown.error, tFor("en"))).toBe("Transaction reverted: NotYetEligible");
  expect(localizeSpecText(shown.error, tFor("de"))).toBe("Transaktion rückgängig gemacht: NotYetEligible");
  for (const [language, sentence] of Object.entries(SENTENCES)) {
    expect(explainError(shown.error, tFor(language))).toBe(sentence.replace("{{until}}", "1700000000"));
  }
});
