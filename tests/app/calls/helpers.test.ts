/**
 * The helpers behind the builders: chapter locations (text ↔ bytes32), content identifiers
 * (CIDs → multihash parts; vectors made with the multiformats library), the request body and
 * the subject's JSON form, and the revert decoding of the preflight.
 */
import { encodeErrorResult, parseAbi, type Hex } from "viem";
import { partyAbi } from "../../../abis/party.js";
import { decodeLocation, encodeLocation, operations, parseCid, subjectJson } from "../../../app/calls/index.js";
import { readCid } from "../../../app/ground/cid.js";
import { callRequestBody } from "../../../app/calls/request.js";
import { revertErrorName } from "../../../app/calls/revert.js";

const right = (hex: string) => `0x${hex.padEnd(64, "0")}` as Hex;

describe("chapter locations", () => {
  it.each([
    ["Berlin", right("4265726c696e")],
    ["München", right("4dc3bc6e6368656e")],
    ["  Köln ", right("4bc3b66c6e")],
    ["x".repeat(32), `0x${"78".repeat(32)}`],
    [`0x${"AB".repeat(32)}`, `0x${"ab".repeat(32)}`],
  ])("%j is %s", (text, hex) => {
    expect(encodeLocation(text)).toBe(hex);
  });

  it.each([[""], ["   "], ["x".repeat(33)], ["ü".repeat(17)]])("%j does not fit (empty, or more than 32 bytes)", (text) => {
    expect(encodeLocation(text)).toBeUndefined();
  });

  it("decodes back to the place name", () => {
    for (const name of ["Berlin", "München", "x".repeat(32), "Łódź"]) expect(decodeLocation(encodeLocation(name)!)).toBe(name);
  });
});

describe("content identifiers", () => {
  const SHA = "a04396ca0da253d2271c8c1e5f166b469625549977da701c65c49eaeabed8b79"; // sha2-256("hello party")
  const sha256Parts = { hashCode: 0x12, hashSize: 32, hashDigest: `0x${SHA}` };

  it.each([
    ["CIDv0", "QmZ8FiZ68hrjjWib7SiDdFpXaANUxKCAUZPkhYSmYxyvgY"],
    ["CIDv1 dag-pb base32", "bafybeifaiolmudnckpjcohemdzprm22gsysvjglx3jybyzoet2xkx3mlpe"],
    ["CIDv1 dag-pb base32 upper case", "BAFYBEIFAIOLMUDNCKPJCOHEMDZPRM22GSYSVJGLX3JYBYZOET2XKX3MLPE"],
    ["CIDv1 dag-pb base16", `f01701220${SHA}`],
  ])("%s gives sha2-256, 32 bytes, the digest (the same block as its CIDv0)", (_, cid) => {
    expect(parseCid(cid)).toEqual(sha256Parts);
  });

  it("keeps leading zero bytes of the digest (base58 leading '1's)", () => {
    expect(parseCid("QmNLei78zWmzUdbeRB3CiUfAizWUrbeeZh5K1rhAQKCh51")).toEqual({ hashCode: 0x12, hashSize: 32, hashDigest: `0x${"00".repeat(32)}` });
    const counting = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, "0")).join("");
    expect(parseCid("QmNLfbof5rLekrACjeuLk9JmGZD2HDBHCU4z16iYKmx5SE")).toEqual({ hashCode: 0x12, hashSize: 32, hashDigest: `0x${counting}` });
  });

  it.each([
    ["a CIDv1 of the raw codec (base32)", "bafkreifaiolmudnckpjcohemdzprm22gsysvjglx3jybyzoet2xkx3mlpe", "cidRaw"],
    ["a CIDv1 of the raw codec (base58btc)", "zb2rhhRtCcJNZ7kgha96YUWKACzLS5yfoWuPLBq1DLMKEx6tG", "cidRaw"],
    ["a CIDv1 of the raw codec (base16)", `f01551220${SHA}`, "cidRaw"],
    ["a CIDv1 of the dag-cbor codec", `f01711220${SHA}`, "cidCodec"],
    ["a dag-pb CIDv1 of another hash (sha2-512 cut to 32 bytes)", `f01701320${SHA}`, "cidHash"],
    ["a hash code above 255 (blake2b-256)", "bafk2bzaceadqobyha4dqobyha4dqobyha4dqobyha4dqobyha4dqobyha4dqo", "cid"],
    ["a broken CIDv0", "QmZ8FiZ68hrjjWib7SiDdFpXaANUxKCAUZPkhYSmYxyvg0", "cid"],
    ["a truncated CIDv1", "bafkreifaiolmudnckpjcohemdzprm22gsysvjglx3jybyzoet2xkx3ml", "cid"],
    ["an unknown multibase", "mAVUSIKBDlsoNolPSJxyMHl8Wa0aWJVSZd9pwHGXEnq6r7Yt5", "cid"],
    ["not a CID", "hello", "cid"],
    ["empty", "", "cid"],
  ])("refuses %s, saying why", (_, cid, problem) => {
    expect(readCid(cid)).toEqual({ ok: false, problem });
    expect(parseCid(cid)).toBeUndefined();
  });

  it("the mint form's schema names the reason (raw codec: add the file as CIDv0)", () => {
    const parsed = operations.mintEvaluation.schema.safeParse({ chapterId: "1", cid: "bafkreifaiolmudnckpjcohemdzprm22gsysvjglx3jybyzoet2xkx3mlpe" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/raw codec.*ipfs add --cid-version=0/);
  });
});

describe("request body and subject", () => {
  it("callRequestBody writes bigints as decimal strings", () => {
    const body = callRequestBody({ from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", args: { evaluationId: (1n << 200n) + 1n, score: -3 } });
    expect(JSON.parse(body)).toEqual({ from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", args: { evaluationId: String((1n << 200n) + 1n), score: -3 } });
  });

  it("subjectJson writes ids as decimal strings, for the pending_operations.subject column", () => {
    expect(subjectJson({ chapterId: 2n ** 127n, account: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" })).toEqual({
      chapterId: String(2n ** 127n),
      account: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    });
    expect(subjectJson({ evaluationId: 1n })).toEqual({ evaluationId: "1" });
  });
});

describe("revert decoding", () => {
  it.each(["NotAnExecutive", "AlreadyApplied", "InvalidInitialization", "NotInitializing"] as const)("%s by name", (errorName) => {
    expect(revertErrorName(encodeErrorResult({ abi: partyAbi, errorName }))).toBe(errorName);
  });

  it("anything that is not one of the contract's errors is Unknown", () => {
    const reason = encodeErrorResult({ abi: parseAbi(["error Error(string)"]), errorName: "Error", args: ["nope"] });
    expect(revertErrorName(reason)).toBe("Unknown");
    expect(revertErrorName("0xdeadbeef")).toBe("Unknown");
    expect(revertErrorName(undefined)).toBe("Unknown");
  });
});
