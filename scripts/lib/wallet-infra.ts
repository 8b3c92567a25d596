/**
 * Deploys the local wallet infrastructure through the CREATE2 deployer, so every address follows
 * from the bytecode alone (and the paymaster's owner):
 *
 * - EntryPoint v0.7 from @account-abstraction/contracts' artifact with the canonical salt: the npm
 *   artifact reproduces the canonical address 0x0000000071727De22E5E9d8BAf0edAc6f37da032 exactly
 *   (checked when this module loads), so no anvil_setCode is needed.
 * - OpenZeppelin's ERC7913WebAuthnVerifier, the PartyAccount implementation, its factory and the
 *   SponsorPaymaster (contracts/wallet), with the party's DEPLOY_SALT.
 *
 * Idempotent: a contract already at its address is left as it is, and the paymaster's EntryPoint
 * deposit is only topped up to `deposit`. The paymaster needs no stake for alto (safe mode off).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  concat,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getContractAddress,
  http,
  parseEther,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from "viem";
import { entryPoint07Abi, entryPoint07Address } from "viem/account-abstraction";
import { CREATE2_DEPLOYER, DEPLOY_SALT, LOCAL_ADMIN } from "../../abis/deployments.js";
import { partyAccountBytecode } from "../../abis/party-account.js";
import { partyAccountFactoryBytecode } from "../../abis/party-account-factory.js";
import { sponsorPaymasterBytecode } from "../../abis/sponsor-paymaster.js";
import { webAuthnVerifierBytecode } from "../../abis/webauthn-verifier.js";
import { localChain } from "./chain-definition.js";

const require = createRequire(import.meta.url);

/** The salt the EntryPoint v0.7 was deployed with on every chain. */
export const ENTRY_POINT_07_SALT: Hex = "0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3";

/** Creation code of EntryPoint v0.7 from the npm artifact. */
export const entryPoint07InitCode = (
  JSON.parse(readFileSync(require.resolve("@account-abstraction/contracts/artifacts/EntryPoint.json"), "utf8")) as {
    bytecode: Hex;
  }
).bytecode;

export type WalletInfraAddresses = {
  entryPoint: Address;
  webAuthnVerifier: Address;
  accountImplementation: Address;
  factory: Address;
  paymaster: Address;
};

type Create2 = { address: Address; salt: Hex; initCode: Hex };

/** Addresses and init codes of the wallet contracts, the paymaster owned by `owner`. */
export function walletInfraCreate2(owner: Address = LOCAL_ADMIN): Record<keyof WalletInfraAddresses, Create2> {
  const at = (initCode: Hex, salt: Hex = DEPLOY_SALT): Create2 => ({
    address: getContractAddress({ opcode: "CREATE2", from: CREATE2_DEPLOYER, salt, bytecode: initCode }),
    salt,
    initCode,
  });
  const withArgs = (bytecode: Hex, types: { type: string }[], values: readonly unknown[]) =>
    concat([bytecode, encodeAbiParameters(types, values)]);

  const entryPoint = at(entryPoint07InitCode, ENTRY_POINT_07_SALT);
  const webAuthnVerifier = at(webAuthnVerifierBytecode);
  const accountImplementation = at(withArgs(partyAccountBytecode, [{ type: "address" }], [webAuthnVerifier.address]));
  const factory = at(withArgs(partyAccountFactoryBytecode, [{ type: "address" }], [accountImplementation.address]));
  const paymaster = at(
    withArgs(sponsorPaymasterBytecode, [{ type: "address" }, { type: "address" }], [accountImplementation.address, owner]),
  );
  return { entryPoint, webAuthnVerifier, accountImplementation, factory, paymaster };
}

function addressesOf(create2: Record<keyof WalletInfraAddresses, Create2>): WalletInfraAddresses {
  return {
    entryPoint: create2.entryPoint.address,
    webAuthnVerifier: create2.webAuthnVerifier.address,
    accountImplementation: create2.accountImplementation.address,
    factory: create2.factory.address,
    paymaster: create2.paymaster.address,
  };
}

/** The local wallet addresses, the paymaster owned by LOCAL_ADMIN (anvil's account 0). */
export const WALLET_INFRA: WalletInfraAddresses = addressesOf(walletInfraCreate2());

if (WALLET_INFRA.entryPoint !== entryPoint07Address) {
  throw new Error(
    `EntryPoint artifact lands at ${WALLET_INFRA.entryPoint}, not the canonical ${entryPoint07Address}: ` +
      "@account-abstraction/contracts changed its EntryPoint bytecode",
  );
}

export type DeployWalletInfraParameters = {
  rpcUrl: string;
  deployer: PrivateKeyAccount;
  /** Owner of the paymaster (withdraws its deposit); the deployer when unset. */
  owner?: Address;
  /** The paymaster's EntryPoint deposit is topped up to this many wei; 100 ETH when unset. */
  deposit?: bigint;
};

export type DeployWalletInfraReturnType = WalletInfraAddresses & { deployed: boolean };

export async function deployWalletInfra({
  rpcUrl,
  deployer,
  owner,
  deposit = parseEther("100"),
}: DeployWalletInfraParameters): Promise<DeployWalletInfraReturnType> {
  const chain = localChain(rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const wallet = createWalletClient({ chain, transport: http(rpcUrl), account: deployer });
  const create2 = walletInfraCreate2(owner ?? deployer.address);

  async function send(request: { to: Address; data?: Hex; value?: bigint }, what: string) {
    const hash = await wallet.sendTransaction(request);
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`${what} reverted (${hash})`);
  }

  let deployed = false;
  for (const [name, { address, salt, initCode }] of Object.entries(create2)) {
    if (await publicClient.getCode({ address })) continue;
    await send({ to: CREATE2_DEPLOYER, data: concat([salt, initCode]) }, `CREATE2 deployment of ${name}`);
    if (!(await publicClient.getCode({ address }))) throw new Error(`CREATE2 deployment of ${name} left no code at ${address}`);
    deployed = true;
  }

  const addresses = addressesOf(create2);
  const balance = await publicClient.readContract({
    address: addresses.entryPoint,
    abi: entryPoint07Abi,
    functionName: "balanceOf",
    args: [addresses.paymaster],
  });
  if (balance < deposit) {
    await send(
      {
        to: addresses.entryPoint,
        value: deposit - balance,
        data: encodeFunctionData({ abi: entryPoint07Abi, functionName: "depositTo", args: [addresses.paymaster] }),
      },
      "paymaster deposit",
    );
  }
  return { ...addresses, deployed };
}
