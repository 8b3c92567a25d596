/**
 * The whole local product with the wallet, for browser tests that write: startStack's database
 * (with the app's own tables: sessions, pending operations), anvil (chain 137, demo data) and
 * indexer, plus the wallet infrastructure deployed (EntryPoint v0.7, WebAuthn verifier,
 * PartyAccount factory, sponsoring paymaster), an alto bundler, and the production app server
 * with WALLET_BACKEND=local and its JSON-RPC proxy pointed at that anvil and bundler.
 *
 * And people: each is a Chromium context with one page and a CDP virtual WebAuthn authenticator
 * (ctap2, internal, resident keys, user verification, automatic presence), so passkeys are
 * created and asked for as in a real browser, without a prompt.
 *
 *   const stack = await startWriteStack();             // beforeAll
 *   const alice = await stack.person("alice");
 *   await alice.open("/chapters/1");
 *   await stack.stop();                                 // afterAll: nothing is left running
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { getAddress, type Address } from "viem";
import { DISCLOSURE_VERSION } from "../../app/models/disclosures.server.js";
import { grantRole, type Role } from "../../app/services/dev-roles.server.js";
import { startBundler } from "../../scripts/lib/bundler.js";
import { ROOT } from "../../scripts/lib/paths.js";
import { deployWalletInfra } from "../../scripts/lib/wallet-infra.js";
import { ADMIN } from "../fixtures/accounts.js";
import { startAppServer } from "../setup/app-server.js";
import { startStack } from "../setup/stack.js";

export const SCREENSHOTS = join(ROOT, "artifacts", "screenshots");

export type StartWriteStackParameters = {
  /** Extra app environment (e.g. WALLET_BACKEND=alchemy). */
  appEnv?: Record<string, string>;
  /** A local IPFS node with the demo documents and the document fetcher (startStack's `documents`). */
  documents?: boolean;
};

export async function startWriteStack({ appEnv = {}, documents = false }: StartWriteStackParameters = {}) {
  await mkdir(SCREENSHOTS, { recursive: true });
  const [stack, browser] = await Promise.all([startStack({ wallet: true, documents, app: { env: appEnv } }), launchBrowser()]);
  const stops: (() => Promise<unknown>)[] = [() => stack.stop(), () => browser.close()];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch((error) => console.error("write stack stop:", error));
  };
  try {
    // WebAuthn needs a domain as the relying party: localhost, not 127.0.0.1 (both are secure contexts).
    const appUrl = stack.appUrl.replace("127.0.0.1", "localhost");

    const people: Person[] = [];
    /** A person: a browser context with a passkey authenticator, and the problems its page reported. */
    async function person(name: string): Promise<Person> {
      const created = await newPerson(browser, appUrl, name);
      people.push(created);
      return created;
    }

    const { databaseUrl, rpcUrl, address, indexer, publicClient, testClient, read, walletFor, send, query, waitForIndexer, app } = stack;
    return {
      ...{ databaseUrl, rpcUrl, address, indexer, publicClient, testClient, read, walletFor, send, query, waitForIndexer, app },
      appUrl,
      /** The app server's environment, to start another one on the same stack. */
      appEnv: { ...stack.appEnv, ...appEnv },
      infra: stack.wallet.infra,
      /** The IPFS node and the document fetcher; throw without `documents`. */
      get ipfs() {
        return stack.ipfs;
      },
      get documents() {
        return stack.documents;
      },
      bundler: stack.wallet.bundler,
      browser,
      person,
      people,
      /** Gives an account a role on the chain as `npm run grant` does, then waits for the indexer to have it. */
      async grant(account: Address, role: Role, chapterId?: bigint) {
        const result = await grantRole({ rpcUrl, party: address, account, role, chapterId });
        await waitForIndexer();
        return result;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type WriteStack = Awaited<ReturnType<typeof startWriteStack>>;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

export type Person = {
  name: string;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
  /** Uncaught exceptions and console errors so far (expected failed resources left out). */
  problems: string[];
  open(path: string): Promise<Page>;
  /** The passkeys the virtual authenticator holds. */
  credentials(): Promise<{ credentialId: string; isResidentCredential: boolean; signCount: number }[]>;
  screenshot(file: string): Promise<void>;
  /** The page as it is now at 1280 px and at 390 px wide (a phone): `<name>-1280.png`, `<name>-390.png`. */
  screens(name: string): Promise<void>;
};

export async function newPerson(browser: Browser, appUrl: string, name: string): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`${name}: ${error.message}`));
  page.on("console", (m) => {
    // A 4xx answer the page handles (the preflight's 422, /api/command's 401) is logged by the browser as a failed resource.
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) problems.push(`${name}: ${m.text()}`);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    name,
    context,
    page,
    cdp,
    authenticatorId,
    problems,
    async open(path) {
      await page.goto(`${appUrl}${path}`);
      await hydrated(page);
      return page;
    },
    async credentials() {
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      return credentials;
    },
    async screenshot(file) {
      await page.screenshot({ path: join(SCREENSHOTS, file), fullPage: true });
    },
    async screens(name) {
      const size = page.viewportSize();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
      }
      if (size) await page.setViewportSize(size);
    },
  };
}

/** Remix has hydrated the page, and the wallet widget has settled (not "initializing"). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
  await page.locator(".wallet:not([data-signer-status='initializing'])").waitFor();
}

/** The signer status the header shows (SPEC 4). */
export const signerStatus = (page: Page) => page.locator(".wallet").getAttribute("data-signer-status");

/** Signs up on the home page; resolves with the smart account's address once log_in set the session cookie. */
export async function signUp(person: Person): Promise<Address> {
  const page = await person.open("/");
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.locator(".wallet[data-signer-status='connected']").waitFor();
  // The header's "My page" link: log_in set the session cookie and the page reloaded its data with it.
  await page.getByRole("link", { name: "My page" }).waitFor({ timeout: 30_000 });
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem("party.wallet.session") ?? "null") as { address: string } | null);
  return getAddress(session!.address);
}

/**
 * Records that `account` confirmed /before-applying's current text, as its form does (issue 28
 * item 5): the chapter page's apply control then offers the statement and Apply, not the way there.
 */
export async function confirmBeforeApplying(on: { query: WriteStack["query"] }, account: Address): Promise<void> {
  await on.query(`insert into app.disclosure_confirmations (account, version, language) values ($1, $2, 'en') on conflict (account) do nothing`, [
    account.toLowerCase(),
    DISCLOSURE_VERSION,
  ]);
}

/**
 * Votes `score` on the first evaluation /me lists as awaiting this member's vote, and waits until
 * the vote is indexed (the evaluation leaves the list); resolves with the evaluation's id.
 */
export async function voteOnFirstAwaiting(page: Page, score: number): Promise<bigint> {
  const first = page.locator(".awaiting-vote").first();
  const evaluationId = await first.getAttribute("data-evaluation");
  await first.getByLabel("Your score").fill(String(score));
  await first.getByRole("button", { name: "Vote" }).click();
  await page.locator(`.awaiting-vote[data-evaluation="${evaluationId}"]`).waitFor({ state: "detached", timeout: 90_000 });
  return BigInt(evaluationId!);
}

/** The write stack of the test file that called useWriteStack (each test file has its own copy of this module). */
export let stack: WriteStack;

/**
 * Registers a browser test file's hooks: one write stack for the file (the live binding `stack`,
 * set in beforeAll), stopped after it, and no page problems (errors, exceptions) after each case.
 */
export function useWriteStack(parameters?: StartWriteStackParameters) {
  beforeAll(async () => {
    stack = await startWriteStack(parameters);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(() => {
    for (const person of stack?.people ?? []) expect(person.problems).toEqual([]);
  });
}
