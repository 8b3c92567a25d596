/**
 * The product's one EIP-712 domain (commands and proofs), without the verifying contract: the
 * party contract, per deployment. SPEC 9: domain version 1. No imports, so the proof pages can use
 * it without loading viem.
 */
export const PARTY_DOMAIN = { name: "Party", version: "1", chainId: 137 } as const;
