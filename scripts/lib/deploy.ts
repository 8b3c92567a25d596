/**
 * Deploys the party implementation and its ERC-1967 proxy through the CREATE2 deployer.
 * Idempotent: a contract already at the expected address is left as it is.
 */
import {
  concat,
  createPublicClient,
  createWalletClient,
  http,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from "viem";
import { CREATE2_DEPLOYER, DEPLOY_SALT, partyCreate2 } from "../../abis/deployments.js";
import { localChain } from "./chain-definition.js";

export type DeployPartyParameters = { rpcUrl: string; deployer: PrivateKeyAccount; admin?: Address };
export type DeployPartyReturnType = { address: Address; implementation: Address; deployed: boolean };

export async function deployParty({ rpcUrl, deployer, admin }: DeployPartyParameters): Promise<DeployPartyReturnType> {
  const chain = localChain(rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const wallet = createWalletClient({ chain, transport: http(rpcUrl), account: deployer });
  const { implementation, implementationInitCode, proxy, proxyInitCode } = partyCreate2(admin ?? deployer.address);

  let deployed = false;
  for (const [address, initCode] of [
    [implementation, implementationInitCode],
    [proxy, proxyInitCode],
  ] as const) {
    if (await publicClient.getCode({ address })) continue;
    const hash = await wallet.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([DEPLOY_SALT, initCode as Hex]) });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success" || !(await publicClient.getCode({ address }))) {
      throw new Error(`CREATE2 deployment of ${address} failed`);
    }
    deployed = true;
  }
  return { address: proxy, implementation, deployed };
}
