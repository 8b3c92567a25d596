/**
 * The wallet's pieces that pages render, each fetched by a dynamic import the first time it
 * renders (../client-only.tsx): the header's sign-in widget, the one-press operation button and
 * the watcher of a page's pending operations. The one module of the wallet's UI that a page loads
 * first: it imports nothing of the wallet statically (tests/app/bundle.test.ts checks).
 */
import { lazy } from "react";
import { lazyExport } from "../client-only";

/** The header's sign-in widget. */
export const WalletRoot = lazy(() => import("./wallet-root.client"));
export const OperationButton = lazyExport(() => import("./operation-button.client"), "OperationButton");
/** The chapter page's Apply: the statement, then the application (or the way to /before-applying first). */
export const ApplyForm = lazyExport(() => import("./apply-form.client"), "ApplyForm");
/** Follows the page's pending operations and reloads its data when one lands. */
export const PendingWatcher = lazyExport(() => import("./pending-watcher.client"), "PendingWatcher");
