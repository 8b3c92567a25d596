/**
 * The page's wallet controller for React components. The controller module is fetched by a
 * dynamic import after hydration; it signs nothing and loads a signing back-end only when someone
 * signs up, signs in, signs or logs out. Only this module's importers are .client.tsx components.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { PublicEnv } from "../../ground/env.server";
import type { WalletController, WalletSnapshot } from "../../wallet/controller";
import type { WalletConfig } from "../../ground/wallet-config";

let controllerModule: Promise<typeof import("../../wallet/controller")> | undefined;
const loadController = () => (controllerModule ??= import("../../wallet/controller"));

/** The public wallet configuration from the root loader (null when the server offers no wallet). */
export function useWalletConfig(): WalletConfig | null {
  return useRouteLoaderData<{ env: PublicEnv }>("root")?.env.wallet ?? null;
}

const noSubscription = () => () => undefined;

export function useWallet(): { controller: WalletController | null; snapshot: WalletSnapshot | null } {
  const config = useWalletConfig();
  const [controller, setController] = useState<WalletController | null>(null);
  const hasConfig = config !== null;
  useEffect(() => {
    if (!config) return;
    let live = true;
    void loadController().then(({ walletController }) => live && setController(walletController(config)));
    return () => {
      live = false;
    };
    // Keyed on presence only: the configuration is fixed for the page's life, and a revalidation's
    // fresh copy of the same values must not make a second controller.
  }, [hasConfig]);
  const snapshot = useSyncExternalStore(
    controller ? controller.subscribe : noSubscription,
    () => controller?.getSnapshot() ?? null,
    () => null,
  );
  return { controller, snapshot };
}
