/**
 * Where the wallet contracts live on the local chain (anvil, chain 137). They are deployed through
 * the CREATE2 deployer by scripts/lib/wallet-infra.ts, so the addresses follow from the bytecode
 * (and the paymaster's owner, the local admin) alone. Kept as literals so the browser bundle
 * carries no bytecode; tests/wallet/addresses.test.ts fails when they drift from a fresh compile.
 */
import type { Address } from "viem";

export type WalletAddresses = {
  /** EntryPoint v0.7 at its canonical address. */
  entryPoint: Address;
  /** OpenZeppelin's ERC7913WebAuthnVerifier that checks every owner passkey. */
  webAuthnVerifier: Address;
  accountImplementation: Address;
  factory: Address;
  /** SponsorPaymaster: pays the gas of PartyAccount user operations from its deposit. */
  paymaster: Address;
};

export const LOCAL_WALLET: WalletAddresses = {
  entryPoint: "0x0000000071727De22E5E9d8BAf0edAc6f37da032",
  webAuthnVerifier: "0x4a4159C5f06E407CE0F54525895Fa05e0453eEe2",
  accountImplementation: "0x045262807DaA60c7eea725011f3c618130C637b8",
  factory: "0x6934a1Fa8070c8D38628b0E52FC62b5286165111",
  paymaster: "0xbc074f65BA02a148F3Ca6c8d39F33D6616ee94Ba",
};
