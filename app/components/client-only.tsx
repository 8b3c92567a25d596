/**
 * What a page renders only in the browser, after hydration: the `ClientOnly` boundary, the marker
 * of a control a viewer gets (`Controls`), and `lazyExport`, which makes a component of a module's
 * export fetched by a dynamic import the first time it renders (the wallet's pieces,
 * ./wallet/lazy.tsx, and each role's forms, ./roles/), so no page's initial JavaScript carries
 * them. On the server and while hydrating nothing renders, so server and client markup match.
 */
import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from "react";

const noSubscription = () => () => undefined;

/** False on the server and while hydrating, true after. */
export const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

/** Its children once hydrated and their code is loaded; nothing before. */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * A control's server-rendered marker (`data-controls`), with the control inside once hydrated:
 * the page's HTML says which controls a viewer gets (tests read it) before the lazily loaded forms
 * arrive. Render it only for viewers who may use the control.
 */
export function Controls({ name, children }: { name: string; children: ReactNode }) {
  return (
    <span className="role-controls" data-controls={name}>
      <ClientOnly>{children}</ClientOnly>
    </span>
  );
}

/** The export `name` of the module `load` fetches, as a component loaded on its first render. */
export function lazyExport<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType<PropsOf<M[K]>> })));
}

type PropsOf<C> = C extends (props: infer P) => ReactNode ? P : never;
