/**
 * Deterministic accounts for the local chain: anvil's default mnemonic for the named accounts
 * (funded by anvil) and keccak-derived keys for demo members (funded with anvil_setBalance).
 */
import { keccak256, toHex, type Hex } from "viem";
import { mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

export const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

/** Private keys of anvil's first ten default accounts, derived once. */
const anvilKeys: Hex[] = Array.from({ length: 10 }, (_, i) => {
  const hd = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).getHdKey();
  return toHex(hd.privateKey!);
});

export function anvilAccount(index: number): PrivateKeyAccount {
  const key = anvilKeys[index];
  if (!key) throw new Error(`anvil has 10 default accounts, not ${index + 1}`);
  return privateKeyToAccount(key);
}

/** The n-th demo member: a fixed key, so the demo data is the same on every machine. */
export function demoAccount(index: number): PrivateKeyAccount {
  return privateKeyToAccount(keccak256(toHex(`party-membership demo member ${index}`)));
}
