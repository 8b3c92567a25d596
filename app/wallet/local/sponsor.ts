/**
 * The local gas sponsor, as a viem paymaster for `createBundlerClient({ paymaster })`: every user
 * operation of a PartyAccount names the SponsorPaymaster. It needs no paymaster data (it checks
 * the sender's code on chain) and no postOp gas (it returns no context); the bundler estimates its
 * verification gas like the account's.
 */
import type { Address } from "viem";
import type { GetPaymasterDataReturnType, GetPaymasterStubDataReturnType } from "viem/account-abstraction";

export function localSponsor(paymaster: Address) {
  return {
    async getPaymasterStubData(): Promise<GetPaymasterStubDataReturnType> {
      return { paymaster, paymasterData: "0x", paymasterPostOpGasLimit: 0n, isFinal: true };
    },
    async getPaymasterData(): Promise<GetPaymasterDataReturnType> {
      return { paymaster, paymasterData: "0x", paymasterPostOpGasLimit: 0n };
    },
  };
}
