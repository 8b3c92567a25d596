/**
 * The one wallet interface the UI talks to, whatever signs behind it: the local back-end (a
 * passkey owning a PartyAccount, user operations through our own bundler proxy) or Account Kit
 * (Alchemy's signer and Modular Account v2). Types and two constants: importing it costs nothing.
 */
import type { WalletBackendName } from "../ground/wallet-config";
import type { Address, Hex, TypedData, TypedDataDefinition } from "viem";
import type { RpcUserOperation } from "viem/account-abstraction";
import type { Call } from "../calls/types";
import type { OnStatus } from "./lifecycle";

/** SPEC 4, wallet signer status. */
export type SignerStatus = "initializing" | "authenticating" | "connected" | "disconnected" | "error";

export const SIGNER_STATUSES: readonly SignerStatus[] = ["initializing", "authenticating", "connected", "disconnected", "error"];

/** SPEC 9: "New passkey username: a fixed label for members". Both back-ends name passkeys so. */
export const PASSKEY_NAME = "Party member";

/** Who is signed in (SPEC 3, the wallet session's user). Local passkeys have no email. */
export type WalletUser = {
  address: Address;
  /** Account Kit's organisation id; "local" for the local back-end. */
  orgId: string;
  /** Account Kit's user id; the passkey's credential id for the local back-end. */
  userId: string;
  email: string | null;
};

/** A passkey of the signed-in signer, as Account Kit lists them (the local back-end's are the account's owners, in the read model). */
export type WalletPasskey = { id: string; name: string; createdAt: number };

/** The bundler's verdict on a user operation, whichever SDK produced it. */
export type WalletReceipt = {
  userOpHash: Hex;
  success: boolean;
  transactionHash: Hex;
  blockNumber: bigint;
  /** The bundler's revert reason (revert data, as hex) when `success` is false. */
  reason: string | null;
};

export type WalletTypedData = TypedDataDefinition<TypedData, string>;

export interface Wallet {
  readonly backend: WalletBackendName;
  readonly status: SignerStatus;
  /** The smart account's address once signed in. */
  readonly address: Address | undefined;
  readonly user: WalletUser | undefined;
  /** Called whenever status, address or user change. */
  subscribe(listener: () => void): () => void;
  /** Creates a passkey and the smart account it owns. */
  signUp(): Promise<WalletUser>;
  /** Signs in with an existing passkey. */
  signIn(): Promise<WalletUser>;
  /** Disconnects the signer and forgets what the back-end stored. */
  logout(): Promise<void>;
  /** Whether an operation can be signed now without a new login (the signer and account are there). */
  hasAccount(): Promise<boolean>;
  /** Sends the calls as one batched user operation; resolves with its hash once the bundler has it. */
  sendCalls(calls: readonly Call[]): Promise<Hex>;
  /**
   * The signed operation (EntryPoint v0.7, as eth_sendUserOperation took it) this wallet sent
   * under the hash, for POST /api/operations to prove an operation that is not in a block yet;
   * undefined when this page did not send it.
   */
  signedUserOperation?(userOpHash: Hex): RpcUserOperation<"0.7"> | undefined;
  /** EIP-712 signature of the smart account (ERC-1271, ERC-6492 while not deployed). */
  signTypedData(typedData: WalletTypedData): Promise<Hex>;
  /** EIP-191 (personal_sign) signature of the smart account, the same way. */
  signMessage(message: string): Promise<Hex>;
  /** Waits for the bundler's receipt (SPEC 9 polling; an operation this wallet sent is replaced with fees × 1.1 when stuck). */
  waitForReceipt(userOpHash: Hex, onStatus?: OnStatus): Promise<WalletReceipt>;
  /**
   * Account Kit only: its own add-passkey, a new passkey on this device for the signed-in signer
   * (Alchemy keeps it; the account's address does not change). The local back-end adds passkeys
   * as owners of the account instead, with an updateOwners operation.
   */
  addPasskey?(): Promise<void>;
  /** Account Kit only: the signer's passkeys. */
  listPasskeys?(): Promise<WalletPasskey[]>;
}
