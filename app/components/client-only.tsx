/**
 * What a page renders only in the browser, after hydration: the `ClientOnly` boundary and the
 * sign-in and write components of ./wallet/, each fetched by a dynamic import the first time it
 * renders, so no page's initial JavaScript carries them. On the server and while hydrating
 * nothing renders, so server and client markup match. This module itself is in every page's
 * initial JavaScript: its path must not say "wallet" (the bundle tests refuse any such module there).
 */
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";

const noSubscription = () => () => undefined;

/** False on the server and while hydrating, true after. */
export const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

/** Its children once hydrated and their code is loaded; nothing before. */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={null}>{children}</Suspense> : null;
}

const operationButtons = () => import("./wallet/operation-button.client");

/** The header's sign-in widget. */
export const WalletRoot = lazy(() => import("./wallet/wallet-root.client"));
export const OperationButton = lazy(() => operationButtons().then((m) => ({ default: m.OperationButton })));
export const RecommendForm = lazy(() => operationButtons().then((m) => ({ default: m.RecommendForm })));
export const VoteForm = lazy(() => operationButtons().then((m) => ({ default: m.VoteForm })));
/** Follows the page's pending operations and reloads its data when one lands. */
export const PendingWatcher = lazy(() => import("./wallet/pending-watcher.client").then((m) => ({ default: m.PendingWatcher })));
