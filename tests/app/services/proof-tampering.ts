/**
 * Tampered proofs for the proof tests: one signature byte (or, for a passkey account, one bit of
 * the P-256 signature's r) changed, everything else as signed.
 */
import {
  decodeAbiParameters,
  encodeAbiParameters,
  isErc6492Signature,
  parseAbiParameters,
  parseErc6492Signature,
  serializeErc6492Signature,
  type Hex,
} from "viem";
import type { Proof } from "../../../app/utils/proofs/proof";

/** The proof with one byte of its signature flipped (the last byte for EOAs would only change v). */
export function tampered<P extends Proof>(proof: P, byte = 10): P {
  const hex = proof.signature.slice(2);
  const flipped = (parseInt(hex.slice(byte * 2, byte * 2 + 2), 16) ^ 0x01).toString(16).padStart(2, "0");
  return { ...proof, signature: `0x${hex.slice(0, byte * 2)}${flipped}${hex.slice(byte * 2 + 2)}` as Hex };
}

const assertionParameters = parseAbiParameters("bytes32 r, bytes32 s, uint256 challengeIndex, uint256 typeIndex, bytes authenticatorData, string clientDataJSON");
const multiSignatureParameters = parseAbiParameters("bytes[], bytes[]");

/** A passkey account's proof with one bit of the P-256 signature's r flipped (inside the ERC-6492 wrapper, if any). */
export function tamperedPasskey<P extends Proof>(proof: P): P {
  const wrapped = isErc6492Signature(proof.signature) ? parseErc6492Signature(proof.signature) : undefined;
  const inner = wrapped ? wrapped.signature : proof.signature;
  const [owners, [assertion]] = decodeAbiParameters(multiSignatureParameters, inner);
  const [r, ...rest] = decodeAbiParameters(assertionParameters, assertion!);
  const flippedR = `${r.slice(0, -2)}${(parseInt(r.slice(-2), 16) ^ 0x01).toString(16).padStart(2, "0")}` as Hex;
  const tamperedInner = encodeAbiParameters(multiSignatureParameters, [owners, [encodeAbiParameters(assertionParameters, [flippedR, ...rest])]]);
  const signature = wrapped ? serializeErc6492Signature({ address: wrapped.address!, data: wrapped.data!, signature: tamperedInner }) : tamperedInner;
  return { ...proof, signature };
}
