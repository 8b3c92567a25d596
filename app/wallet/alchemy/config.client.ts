/**
 * Account Kit's configuration for production (WALLET_BACKEND=alchemy): Polygon (chain 137), the
 * Alchemy transport pointed at our same-origin proxy (`rpcUrl: "/api/alchemy-rpc"`) so the API
 * key stays on the server, passkey sign-in, the wallet session kept for 30 days (SPEC 9), and the
 * optional gas sponsorship policy from the public environment. Created once, client-side only.
 */
import { alchemy, polygon } from "@account-kit/infra";
import { createConfig, type AlchemyAccountsConfigWithUI } from "@account-kit/react";
import { SESSION_TTL_MS } from "../session";
import type { WalletConfig } from "../../ground/wallet-config";

export function createAlchemyConfig(config: WalletConfig): AlchemyAccountsConfigWithUI {
  if (config.chainId !== polygon.id) throw new Error(`Chain not configured. Account Kit is set up for Polygon (137), not ${config.chainId}`);
  return createConfig({
    transport: alchemy({ rpcUrl: config.rpcPath }),
    chain: polygon,
    ...(config.gasPolicyId ? { policyId: config.gasPolicyId } : {}),
    // Created in the browser after hydration: Account Kit may hydrate from its storage at once.
    ssr: false,
    sessionConfig: { expirationTimeMs: SESSION_TTL_MS },
    enablePopupOauth: false,
  });
}
