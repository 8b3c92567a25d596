/**
 * The signed user operation a registration may carry (POST /api/operations `userOperation`): the
 * ERC-4337 v0.7 JSON the wallet gave eth_sendUserOperation (hex quantities, as viem's
 * formatUserOperationRequest and Account Kit's `request` write it), and its hash recomputed here.
 * The hash covers sender, nonce and callData (not the signature), so an operation that hashes to
 * the registered hash is the one the bundler holds under it.
 */
import type { Hex } from "viem";
import { entryPoint07Address, formatUserOperation, getUserOperationHash, type RpcUserOperation, type UserOperation } from "viem/account-abstraction";
import { z } from "zod";
import { CHAIN_ID } from "../../../abis/deployments";
import { address, field, optionalField } from "../../calls/fields";

const toQuantity = (v: unknown): Hex | undefined => (typeof v === "string" && /^0x[0-9a-fA-F]{1,64}$/.test(v) ? (v as Hex) : undefined);
const toData = (v: unknown): Hex | undefined => (typeof v === "string" && /^0x([0-9a-fA-F]{2})*$/.test(v) ? (v as Hex) : undefined);
const QUANTITY = "must be a hex quantity (0x followed by 1 to 64 hex digits)";
const DATA = "must be hex data (0x followed by whole bytes)";
const quantity = field(QUANTITY, toQuantity);
const data = field(DATA, toData);
const optionalAddress = optionalField("must be an address (0x followed by 40 hex digits)", (v) => address.safeParse(v).data);

export const userOperationSchema = z.object(
  {
    sender: address,
    nonce: quantity,
    factory: optionalAddress,
    factoryData: optionalField(DATA, toData),
    callData: data,
    callGasLimit: quantity,
    verificationGasLimit: quantity,
    preVerificationGas: quantity,
    maxFeePerGas: quantity,
    maxPriorityFeePerGas: quantity,
    paymaster: optionalAddress,
    paymasterVerificationGasLimit: optionalField(QUANTITY, toQuantity),
    paymasterPostOpGasLimit: optionalField(QUANTITY, toQuantity),
    paymasterData: optionalField(DATA, toData),
    signature: data,
  },
  { invalid_type_error: "must be the signed user operation as sent with eth_sendUserOperation (EntryPoint v0.7)" },
);

export type CarriedUserOperation = z.infer<typeof userOperationSchema>;

/** The operation's hash on this chain (CHAIN_ID) for EntryPoint v0.7, lower case as registrations store it. */
export function userOperationHash(operation: CarriedUserOperation): Hex {
  const rpc: RpcUserOperation<"0.7"> = operation;
  const hash = getUserOperationHash({
    chainId: CHAIN_ID,
    entryPointAddress: entryPoint07Address,
    entryPointVersion: "0.7",
    userOperation: formatUserOperation(rpc) as UserOperation<"0.7">,
  });
  return hash.toLowerCase() as Hex;
}
