/**
 * The indexer's pure helpers: content identifiers (app/ground/cid.ts, shared with the app) and chapter location
 * text (indexer/src/lib/location.ts), checked against vectors computed independently of them
 * (published IPFS CIDs, and Python's hashlib/base64 for the CIDv1 strings).
 */
import { createHash } from "node:crypto";
import { bytesToHex, keccak256, padHex, stringToHex, toHex, type Hex } from "viem";
import { formatCid as contentId } from "../../app/ground/cid.js";
import { base32Encode as base32, base58Encode as base58btc } from "../../app/ground/multibase.js";
import { locationText } from "../../indexer/src/lib/location.js";

const sha = (algorithm: string, data: string | Buffer): Hex => `0x${createHash(algorithm).update(data).digest("hex")}`;

describe("contentId", () => {
  it("gives the published CIDv0 of the empty UnixFS directory and the empty file", () => {
    // `ipfs object new unixfs-dir` and `ipfs add` of an empty file; the blocks are 0a020801 and 0a0408021800.
    expect(contentId({ hashCode: 0x12, hashSize: 32, hashDigest: sha("sha256", Buffer.from("0a020801", "hex")) })).toBe(
      "QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn",
    );
    expect(contentId({ hashCode: 0x12, hashSize: 32, hashDigest: sha("sha256", Buffer.from("0a0408021800", "hex")) })).toBe(
      "QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH",
    );
  });

  it("gives the sha2-256 multihash of 'hello world' in base58btc", () => {
    expect(sha("sha256", "hello world")).toBe("0xb94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9");
    expect(contentId({ hashCode: 0x12, hashSize: 32, hashDigest: sha("sha256", "hello world") })).toBe(
      "QmaozNR7DZHQK1ZcU9p7QdrshMvXqWK6gpu5rmrkPdT3L4",
    );
  });

  it("gives a CIDv1 (raw codec, base32, starting with b) for other hash functions", () => {
    // sha3-256 (0x16)
    const sha3 = sha("sha3-256", "hello world");
    expect(sha3).toBe("0x644bcc7e564373040999aac89e7622f3ca71fba1d972fd94a31c3bfbf24e3938");
    expect(contentId({ hashCode: 0x16, hashSize: 32, hashDigest: sha3 })).toBe(
      "bafkrmidejpgh4vsdomcatgnkzcphmixtzjy7xiozol6zjiy4hp57etrzha",
    );
    // keccak-256 (0x1b)
    const keccak = keccak256(stringToHex("hello world"));
    expect(keccak).toBe("0x47173285a8d7341e5e972fc677286384f802f8ef42a5ec5f03bbfa254cb01fad");
    expect(contentId({ hashCode: 0x1b, hashSize: 32, hashDigest: keccak })).toBe(
      "bafkrwichc4zilkgxgqpf5fzpyz3sqy4e7abpr32cuxwf6a537isuzma7vu",
    );
  });

  it("takes the first hashSize bytes of the digest for shorter hashes (sha1, 20 bytes)", () => {
    const sha1 = sha("sha1", "hello world");
    expect(sha1).toBe("0x2aae6c35c94fcfb415dbe95f408b9ce91ee846ed");
    // The contract stores a bytes32: the 20-byte digest left-aligned, zero-padded on the right.
    const stored = padHex(sha1, { size: 32, dir: "right" });
    expect(contentId({ hashCode: 0x11, hashSize: 20, hashDigest: stored })).toBe("bafkrcfbkvzwdlskpz62blw7jl5aixhhjd3uen3i");
  });

  it("uses CIDv1 for sha2-256 with a size other than 32", () => {
    const cid = contentId({ hashCode: 0x12, hashSize: 20, hashDigest: sha("sha256", "hello world") });
    expect(cid).toBe("bafkreffzjut3te2nhyekklss27nh3k72ysco7yy");
  });

  it("encodes hash codes of 0x80 and above as two-byte varints", () => {
    // code 0x80 → varint 0x80 0x01; CIDv1 bytes 01 55 80 01 01 ab
    const cid = contentId({ hashCode: 0x80, hashSize: 1, hashDigest: padHex("0xab", { size: 32, dir: "right" }) });
    expect(cid).toBe("b" + base32(Uint8Array.from([0x01, 0x55, 0x80, 0x01, 0x01, 0xab])));
    expect(cid).toBe("bafkyaaibvm");
  });
});

describe("base58btc and base32", () => {
  it("match the standard test vectors", () => {
    // draft-msporny-base58 / Bitcoin test vectors
    expect(base58btc(new TextEncoder().encode("Hello World!"))).toBe("2NEpo7TZRRrLZSi2U");
    expect(base58btc(Uint8Array.from([0, 0, 0x28, 0x7f, 0xb4, 0xcd]))).toBe("11233QC4");
    expect(base58btc(new Uint8Array())).toBe("");
    // RFC 4648 base32, lower case without padding
    const b32 = (s: string) => base32(new TextEncoder().encode(s));
    expect(["", "f", "fo", "foo", "foob", "fooba", "foobar"].map(b32)).toEqual([
      "",
      "my",
      "mzxq",
      "mzxw6",
      "mzxw6yq",
      "mzxw6ytb",
      "mzxw6ytboi",
    ]);
  });
});

describe("locationText", () => {
  const bytes32 = (text: string) => stringToHex(text, { size: 32 });

  it("reads printable UTF-8 up to the zero padding", () => {
    expect(locationText(bytes32("Berlin"))).toBe("Berlin");
    expect(locationText(bytes32("São Paulo"))).toBe("São Paulo");
    expect(locationText(bytes32("Zürich 🇨🇭"))).toBe("Zürich 🇨🇭");
    expect(locationText(bytes32("東京"))).toBe("東京");
  });

  it("reads a location that fills all 32 bytes", () => {
    const full = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345";
    expect(full.length).toBe(32);
    expect(locationText(toHex(full))).toBe(full);
  });

  it("is null for the zero location", () => {
    expect(locationText(`0x${"00".repeat(32)}`)).toBeNull();
  });

  it("is null for bytes that are not UTF-8", () => {
    expect(locationText(padHex("0xdeadbeef", { size: 32, dir: "right" }))).toBeNull();
    expect(locationText(padHex("0xc3", { size: 32, dir: "right" }))).toBeNull(); // truncated sequence
    expect(locationText(bytesToHex(new Uint8Array(32).fill(0xff)))).toBeNull();
  });

  it("is null for control characters, including an interior NUL", () => {
    expect(locationText(bytes32("Ber\nlin"))).toBeNull();
    expect(locationText(bytes32("\u0001Berlin"))).toBeNull();
    expect(locationText(bytes32("Ber\u007flin"))).toBeNull();
    expect(locationText(padHex(stringToHex("ab\u0000cd"), { size: 32, dir: "right" }))).toBeNull();
  });

  it("is null for a left-padded value (leading zero bytes are an interior NUL)", () => {
    expect(locationText(padHex("0x4142", { size: 32 }))).toBeNull();
  });
});
