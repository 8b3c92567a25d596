import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, NavLink, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ClientOnly, WalletRoot } from "./components/client-only";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { IndexerStatusBar } from "./components/indexer-status";
import { useRowLinks } from "./components/links";
import { getViewer } from "./models/viewer.server";
import { getIndexerState } from "./services/indexer-status.server";
import { publicEnv } from "./utils/env.server";
import { useNonce } from "./utils/nonce";
import styles from "./styles.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  // A static file: without it every page view would also ask for /favicon.ico, a 404 Remix renders.
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // The viewer only when signed in: a request with a session is never served from the page cache.
  const [indexer, viewer] = await Promise.all([getIndexerState(), getViewer(request)]);
  return { indexer, env: publicEnv(), viewer };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <header className="top">
          <NavLink to="/" className="brand" end>
            Party
          </NavLink>
          <nav>
            <NavLink to="/" end>
              Chapters
            </NavLink>
            <NavLink to="/evaluations">Evaluations</NavLink>
            <NavLink to="/info">Info</NavLink>
            <NavLink to="/party">Party</NavLink>
            <NavLink to="/proofs">Proofs</NavLink>
            <NavLink to="/verify">Verify</NavLink>
            {data?.viewer ? <NavLink to="/me">My page</NavLink> : null}
          </nav>
          <IndexerStatusBar state={data?.indexer} />
          {data?.env.wallet ? (
            <ClientOnly>
              <WalletRoot />
            </ClientOnly>
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
  return <Outlet />;
}

export const ErrorBoundary = GeneralErrorBoundary;
