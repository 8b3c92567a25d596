import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, NavLink, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useI18n } from "./i18n/use-i18n";
import { ClientOnly } from "./components/client-only";
import { WalletRoot } from "./components/wallet/lazy";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { IndexerStatusBar } from "./components/indexer-status";
import { LanguageSwitcher } from "./components/language-switcher";
import { PageStyles } from "./components/page-styles";
import { PageNames, useRowLinks } from "./components/links";
import { languageOf } from "./i18n/i18n.server";
import { directionOf } from "./i18n/language";
import { getViewer } from "./models/viewer.server";
import { getIndexerState } from "./services/indexer-status.server";
import { publicEnv } from "./ground/env.server";
import { useNonce } from "./utils/nonce";
import styles from "./styles.css";

export const links: LinksFunction = () => [
  // A static file: without it every page view would also ask for /favicon.ico, a 404 Remix renders.
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The viewer only when signed in: a request with a session is never served from the page cache.
  const [indexer, viewer, language] = await Promise.all([getIndexerState(), getViewer(request, context), languageOf(request)]);
  // The language for `meta` (which has no hooks); components read it from the i18n layer.
  return { indexer, env: publicEnv(), viewer, language };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const { t, language } = useI18n();
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <PageStyles href={styles} />
        <Links />
      </head>
      <body>
        <header className="top">
          <NavLink to="/" className="brand" end>
            {t("nav.brand")}
          </NavLink>
          <nav>
            <NavLink to="/" end>
              {t("nav.chapters")}
            </NavLink>
            <NavLink to="/evaluations">{t("nav.evaluations")}</NavLink>
            <NavLink to="/info">{t("nav.info")}</NavLink>
            <NavLink to="/party">{t("nav.party")}</NavLink>
            <NavLink to="/proofs">{t("nav.proofs")}</NavLink>
            <NavLink to="/verify">{t("nav.verify")}</NavLink>
            {data?.viewer ? <NavLink to="/me">{t("nav.me")}</NavLink> : null}
          </nav>
          <IndexerStatusBar state={data?.indexer} />
          <LanguageSwitcher current={language} />
          {data?.env.wallet ? (
            // The sign-in widget arrives after hydration; its slot holds the header's shape until then, so the page below does not move.
            <div className="wallet-slot">
              <ClientOnly>
                <WalletRoot />
              </ClientOnly>
            </div>
          ) : null}
        </header>
        <main>{children}</main>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useRowLinks();
  // The names the page's loaders return, for its AddressLinks (issue 28 item 3).
  return (
    <PageNames>
      <Outlet />
    </PageNames>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
