/**
 * The member's smart account (contracts/wallet/PartyAccount.sol) as a viem SmartAccount for
 * EntryPoint v0.7, signed by a passkey (a viem WebAuthnAccount: navigator.credentials in the
 * browser, a software authenticator in tests). Pure TS: runs in the browser and in Node.
 *
 * Encodings (they follow OpenZeppelin's MultiSignerERC7913 and ERC7913WebAuthnVerifier):
 * - owner:      `webAuthnVerifier ++ qx ++ qy` (20 + 32 + 32 bytes), see {@link ownerFromPublicKey}
 * - signature:  `abi.encode(bytes[] [owner], bytes[] [assertion])`, with
 *   assertion   `abi.encode(bytes32 r, bytes32 s, uint256 challengeIndex, uint256 typeIndex,
 *                bytes authenticatorData, string clientDataJSON)` and the challenge being the
 *               hash itself (the userOpHash, or the EIP-191 / EIP-712 hash for ERC-1271)
 * - calls:      ERC-7821 `execute(batchMode, abi.encode(Execution[]))`, also for a single call
 * Messages and typed data are signed for plain ERC-1271 (see PartyAccount.sol for why no ERC-7739)
 * and wrapped in ERC-6492 by viem while the account is not deployed.
 */
import {
  concat,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  hashMessage,
  hashTypedData,
  pad,
  size,
  slice,
  type Address,
  type Hex,
  type TypedData,
  type TypedDataDefinition,
} from "viem";
import {
  entryPoint07Abi,
  entryPoint07Address,
  getUserOperationHash,
  toSmartAccount,
  type SmartAccount,
  type SmartAccountImplementation,
  type UserOperation,
  type WebAuthnAccount,
} from "viem/account-abstraction";
import { getCode, readContract } from "viem/actions";
import { partyAccountAbi } from "../../../abis/party-account";
import { partyAccountFactoryAbi } from "../../../abis/party-account-factory";

/** ERC-7821 / ERC-7579 mode: batch call type, revert on failure, no selector, no payload. */
export const BATCH_EXECUTION_MODE: Hex = "0x0100000000000000000000000000000000000000000000000000000000000000";

const executionsParameters = [
  {
    type: "tuple[]",
    components: [
      { name: "target", type: "address" },
      { name: "value", type: "uint256" },
      { name: "callData", type: "bytes" },
    ],
  },
] as const;

const assertionParameters = [
  { name: "r", type: "bytes32" },
  { name: "s", type: "bytes32" },
  { name: "challengeIndex", type: "uint256" },
  { name: "typeIndex", type: "uint256" },
  { name: "authenticatorData", type: "bytes" },
  { name: "clientDataJSON", type: "string" },
] as const;

const multiSignatureParameters = [{ type: "bytes[]" }, { type: "bytes[]" }] as const;

/** SPEC 8's text when the passkey that signs is not (or no longer) among the account's owners. */
export const NOT_AN_OWNER = "on-chain owners does not include the current signer";

/** What a passkey returns for one signing request. */
export type PasskeySignature = Awaited<ReturnType<WebAuthnAccount["sign"]>>;

export type PartyAccountImplementation = SmartAccountImplementation<
  typeof entryPoint07Abi,
  "0.7",
  {
    abi: typeof partyAccountAbi;
    factory: { abi: typeof partyAccountFactoryAbi; address: Address };
    /** The owner list the account was created with (normalised owner bytes). */
    initialOwners: readonly Hex[];
    salt: Hex;
    /** The owner bytes of the passkey that signs. */
    signer: Hex;
    /** The owner list: on chain once deployed, else the initial one. Fails unless it includes the signer. */
    getOwners(): Promise<readonly Hex[]>;
  }
>;

export type PartyAccount = SmartAccount<PartyAccountImplementation>;

export type ToPartyAccountParameters = {
  /** A client with the chain, for reads (address, nonce, code, owners). */
  client: PartyAccountImplementation["client"];
  /** The passkey that signs. */
  owner: WebAuthnAccount;
  /** Public keys of the owners the account is (or was) created with; `[owner.publicKey]` when unset. */
  owners?: readonly Hex[];
  /** Factory salt (bytes32); zero when unset. */
  salt?: Hex;
  /** The account's address: needed once its owners differ from the ones it was created with. */
  address?: Address;
  /** The deployment's factory and verifier (`walletConfig().local`; LOCAL_WALLET of abis/deployments.ts on the local chain). */
  factory: Address;
  webAuthnVerifier: Address;
};

export async function toPartyAccount(parameters: ToPartyAccountParameters): Promise<PartyAccount> {
  const { client, owner } = parameters;
  const chainId = client.chain?.id;
  if (chainId === undefined) throw new Error("Chain not configured.");
  const factory = { abi: partyAccountFactoryAbi, address: parameters.factory } as const;
  const verifier = parameters.webAuthnVerifier;
  const salt = pad(parameters.salt ?? "0x", { size: 32 });
  const initialOwners = normaliseOwners(parameters.owners ?? [owner.publicKey]).map((key) => ownerFromPublicKey(key, verifier));
  const signer = ownerFromPublicKey(owner.publicKey, verifier);
  let address = parameters.address;

  async function getAddress(): Promise<Address> {
    address ??= await readContract(client, { ...factory, functionName: "getAddress", args: [initialOwners, salt] });
    return address;
  }

  async function signHash(hash: Hex): Promise<Hex> {
    return encodeOwnerSignature(signer, await owner.sign({ hash }));
  }

  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint07Abi, address: entryPoint07Address, version: "0.7" },
    extend: {
      abi: partyAccountAbi,
      factory,
      initialOwners,
      salt,
      signer,
      async getOwners() {
        let owners: readonly Hex[];
        try {
          const account = await getAddress();
          const deployed = Boolean(await getCode(client, { address: account }));
          owners = deployed ? await readContract(client, { address: account, abi: partyAccountAbi, functionName: "owners" }) : initialOwners;
        } catch (cause) {
          throw new Error("could not get on-chain owners", { cause });
        }
        if (!owners.some((o) => o.toLowerCase() === signer)) throw new Error(NOT_AN_OWNER);
        return owners;
      },
    },

    getAddress,

    async getFactoryArgs() {
      const factoryData = encodeFunctionData({ abi: factory.abi, functionName: "createAccount", args: [initialOwners, salt] });
      return { factory: factory.address, factoryData };
    },

    async encodeCalls(calls) {
      return encodeFunctionData({
        abi: partyAccountAbi,
        functionName: "execute",
        args: [
          BATCH_EXECUTION_MODE,
          encodeAbiParameters(executionsParameters, [
            calls.map((call) => ({ target: call.to, value: call.value ?? 0n, callData: call.data ?? "0x" })),
          ]),
        ],
      });
    },

    async decodeCalls(data) {
      const { functionName, args } = decodeFunctionData({ abi: partyAccountAbi, data });
      if (functionName !== "execute") throw new Error(`unable to decode calls for "${functionName}"`);
      const [executions] = decodeAbiParameters(executionsParameters, args[1]);
      return executions.map(({ target, value, callData }) => ({ to: target, value, data: callData }));
    },

    async getStubSignature() {
      return encodeOwnerSignature(signer, STUB_PASSKEY_SIGNATURE);
    },

    async signMessage({ message }) {
      return signHash(hashMessage(message));
    },

    async signTypedData(typedData) {
      return signHash(hashTypedData(typedData as TypedDataDefinition<TypedData, string>));
    },

    async signUserOperation(parameters) {
      const { chainId: operationChainId = chainId, ...userOperation } = parameters;
      const sender = await getAddress();
      const hash = getUserOperationHash({
        chainId: operationChainId,
        entryPointAddress: entryPoint07Address,
        entryPointVersion: "0.7",
        userOperation: { ...userOperation, sender } as UserOperation<"0.7">,
      });
      return signHash(hash);
    },
  });
}

/**
 * The owner bytes of a passkey: `verifier ++ qx ++ qy`. Takes the public key as viem's
 * WebAuthnAccount holds it (64 bytes, qx ++ qy) or uncompressed SEC1 (65 bytes, 0x04 ++ qx ++ qy).
 */
export function ownerFromPublicKey(publicKey: Hex, verifier: Address): Hex {
  return concat([verifier, toPlainPublicKey(publicKey)]).toLowerCase() as Hex;
}

/**
 * The owner list as the factory takes it (SPEC section 5): empty and all-zero keys dropped,
 * duplicates removed, sorted ascending by numeric value. Returns 64-byte `qx ++ qy` keys.
 */
export function normaliseOwners(publicKeys: readonly Hex[]): Hex[] {
  const keys = new Map<string, bigint>();
  for (const publicKey of publicKeys) {
    if (publicKey === "0x" || /^0x0*$/.test(publicKey)) continue;
    const key = toPlainPublicKey(publicKey);
    keys.set(key, BigInt(key));
  }
  return [...keys.entries()].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key]) => key as Hex);
}

function toPlainPublicKey(publicKey: Hex): Hex {
  const bytes = size(publicKey);
  if (bytes === 64) return publicKey.toLowerCase() as Hex;
  if (bytes === 65 && publicKey.slice(2, 4) === "04") return slice(publicKey, 1).toLowerCase() as Hex;
  throw new Error(`InvalidOwner: not a P-256 public key (64 or 65 bytes): ${publicKey}`);
}

/** One WebAuthn assertion as ERC7913WebAuthnVerifier decodes it (WebAuthn.tryDecodeAuth). */
export function encodeWebAuthnAssertion({ signature, webauthn }: Pick<PasskeySignature, "signature" | "webauthn">): Hex {
  return encodeAbiParameters(assertionParameters, [
    slice(signature, 0, 32),
    slice(signature, 32, 64),
    BigInt(webauthn.challengeIndex ?? webauthn.clientDataJSON.indexOf('"challenge"')),
    BigInt(webauthn.typeIndex ?? webauthn.clientDataJSON.indexOf('"type"')),
    webauthn.authenticatorData,
    webauthn.clientDataJSON,
  ]);
}

/** A signature by one owner as MultiSignerERC7913 decodes it: `abi.encode([owner], [assertion])`. */
export function encodeOwnerSignature(owner: Hex, passkeySignature: Pick<PasskeySignature, "signature" | "webauthn">): Hex {
  return encodeAbiParameters(multiSignatureParameters, [[owner], [encodeWebAuthnAssertion(passkeySignature)]]);
}

/**
 * A well-formed assertion that does not verify, for gas estimation. It is longer than a real one
 * (a long origin and Chrome's extra clientDataJSON member), so the bundler's preVerificationGas
 * covers the real signature. Its verification stops at the challenge check, so it skips the P-256
 * check a real signature pays for (about 8k gas with the RIP-7212 precompile, which anvil and
 * Polygon PoS have); the bundler's verification-gas multiplier (alto: 130%) covers that.
 */
const STUB_PASSKEY_SIGNATURE: Pick<PasskeySignature, "signature" | "webauthn"> = (() => {
  const clientDataJSON = JSON.stringify({
    type: "webauthn.get",
    challenge: "9jEFijuhEWrM4SOW-tChJbUEHEP44VcjcJ-Bqo1fTM8",
    origin: `https://${"x".repeat(64)}.example`,
    crossOrigin: false,
    other_keys_can_be_added_here: "do not compare clientDataJSON against a template. See https://goo.gl/yabPex",
  });
  return {
    signature: `0x${"7e".repeat(32)}${"3f".repeat(32)}`,
    webauthn: {
      authenticatorData: `0x${"49".repeat(32)}1d00000000`,
      clientDataJSON,
      challengeIndex: clientDataJSON.indexOf('"challenge"'),
      typeIndex: clientDataJSON.indexOf('"type"'),
      userVerificationRequired: true,
    },
  };
})();
