/**
 * The production web server (server/index.ts over the build) as an attacker would send it
 * requests: every response has the security headers (a per-response CSP nonce, hashes on a cached
 * page), a write from another site is refused, an oversized body is not read, and a malformed
 * signature is a 401, not a 503. Pages and renders: tests/server/hardening-pages.test.ts.
 */
import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { commandRequestBody, newCommandMessage } from "../../app/utils/command-typed-data.js";
import { SESSION_COOKIE } from "../../app/utils/session-cookie.server.js";
import { member, send, stack, useHardeningStack } from "./hardening-stack.js";

useHardeningStack();

describe("security headers", () => {
  const scriptHashes = (html: string) =>
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes, body]) => !/\ssrc=/.test(attributes!) && body)
      .map(([, , body]) => `'sha256-${createHash("sha256").update(body!).digest("base64")}'`);

  it("every response: nosniff, no framing, a referrer policy; no HSTS over http", async () => {
    for (const path of ["/", "/favicon.svg", "/api/indexer-status", "/chapters/999999", "/healthz"]) {
      const { headers } = await send(path);
      expect([path, headers["x-content-type-options"], headers["x-frame-options"], headers["referrer-policy"]]).toEqual([
        path,
        "nosniff",
        "DENY",
        "strict-origin-when-cross-origin",
      ]);
      expect(headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("a page rendered for one response carries its own nonce on every inline script", async () => {
    const token = randomBytes(32).toString("base64url");
    const pages = await Promise.all([1, 2].map(() => send("/chapters/4", { headers: { cookie: `${SESSION_COOKIE}=${token}` } })));
    const nonces = pages.map(({ headers, body }) => {
      const csp = String(headers["content-security-policy"]);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const scripts = [...body.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("a cached page allows exactly its own inline scripts by hash, never a nonce another response had", async () => {
    const miss = await send("/chapters/6");
    const hit = await send("/chapters/6");
    expect(hit.headers["x-cache"]).toBe("hit");
    for (const { headers, body } of [miss, hit]) {
      const csp = String(headers["content-security-policy"]);
      expect(csp).not.toContain("'nonce-");
      const hashes = scriptHashes(body);
      expect(hashes.length).toBeGreaterThan(0);
      for (const hash of hashes) expect(csp).toContain(hash);
    }
  });

  it("a write from another site is a 403 with its reason, for a page's action too (Remix's own Origin check threw a 500)", async () => {
    for (const path of ["/me", "/dev/roles", "/api/command"]) {
      const answer = await fetch(`${stack.appUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
        body: "intent=name-passkey",
      });
      // /api/command adds the message's key and values (the wallet says it in the page's language); the English is the same everywhere.
      expect([path, answer.status, ((await answer.json()) as { message: string }).message]).toEqual([
        path,
        403,
        "Cross-site requests are not allowed here (Origin: https://evil.example)",
      ]);
    }
  });

  it("HSTS when the app's origin is https", async () => {
    const { startAppServer } = await import("../setup/app-server.js");
    const https = await startAppServer({ env: { ...stack.appEnv, APP_ORIGIN: "https://party.example" } });
    stack.adopt(https.stop);
    const answer = await fetch(`${https.url}/party`);
    expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(answer.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
});

describe("bodies", () => {
  /**
   * POSTs a 64 MB chunked body (no Content-Length) to `path`, writing on after the answer came:
   * how many bytes the server let through before it stopped reading, and its answer. A slow client,
   * as any is on a loaded machine: it reads nothing until it has written a megabyte or can write
   * no more, so the answer waits in its socket while the upload goes on.
   */
  function upload(url: string) {
    const total = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, "a");
    return new Promise<{ status: number; body: string; written: number }>((resolve) => {
      let status = 0;
      let body = "";
      let written = 0;
      const req = httpRequest(url, { method: "POST", headers: { "content-type": "application/json" }, agent: false });
      const done = () => resolve({ status, body, written });
      req.on("response", (res) => {
        status = res.statusCode!;
        res.setEncoding("utf8");
        res.on("data", (text: string) => (body += text));
        // The whole answer is here: stop uploading.
        res.on("end", () => req.destroy());
      });
      req.on("error", () => undefined);
      req.on("close", done);
      let reading: (() => void) | undefined;
      req.on("socket", (socket) => {
        socket.pause();
        reading = () => void socket.resume();
      });
      const pump = () => {
        while (written < total) {
          written += chunk.length;
          if (written >= 1024 * 1024) reading?.();
          if (!req.write(chunk)) {
            reading?.();
            return void req.once("drain", pump);
          }
        }
        req.end();
      };
      pump();
    });
  }

  let production: string;
  beforeAll(async () => {
    // The signer proxy reads bodies only where there is a signer service: in production.
    const { startAppServer } = await import("../setup/app-server.js");
    const server = await startAppServer({
      env: { ...stack.appEnv, PARTY_ENV: "production", WALLET_BACKEND: "alchemy", ALCHEMY_API_KEY: "test-key", PARTY_ADDRESS: stack.address, PARTY_START_BLOCK: "0" },
    });
    stack.adopt(server.stop);
    production = server.url;
  });

  it.each([
    ["/api/calls/applyForChapterMembership", () => stack.appUrl],
    ["/api/operations", () => stack.appUrl],
    ["/api/command", () => stack.appUrl],
    ["/api/alchemy-rpc", () => stack.appUrl],
    ["/api/alchemy-rpc/signer/v1/whoami", () => production],
  ])(
    "a 64 MB chunked upload to %s is refused with 413 as soon as it passes the limit, and not read further",
    async (path, base) => {
      const { status, body, written } = await upload(base() + path);
      expect([status, body]).toEqual([413, expect.stringMatching(/"message":"[^"]*(64 KB|at most)/)]);
      // Socket and stream buffers on both sides hold several megabytes (loopback autotunes them up to
      // ~16 MB); past those the server read nothing more: the upload stalls far short of its 64 MB,
      // and the server cannot hold more of it than it read. (Its peak memory is no measure of that:
      // the first upload to a route grew it by 20 to 35 MB under load with 4 to 6 MB read, the heap's
      // young generation growing to the churn of 64 KB chunks, and later ones by nothing.)
      expect(written).toBeLessThan(32 * 1024 * 1024);
    },
  );
});

describe("/api/command", () => {
  it.each([
    ["an account's address", () => stack.address],
    ["a key's address", () => member],
  ])("a malformed signature from %s is refused with 401, not 503", async (_what, signer) => {
    const message = newCommandMessage(signer() as `0x${string}`, "log_in", []);
    // Malformed ERC-8010 wrappers (viem throws parsing them, where other bad signatures verify as false), and plain garbage.
    const erc8010 = "8010".repeat(16);
    for (const signature of [`0x${"00".repeat(100)}${erc8010}`, `0x${"ff".repeat(40)}${erc8010}`, `0x${"ab".repeat(66)}`] as const) {
      const response = await fetch(`${stack.appUrl}/api/command`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(commandRequestBody(message, signature)),
      });
      const body = (await response.json()) as { message: string };
      expect([signature.length, response.status], body.message).toEqual([signature.length, 401]);
    }
  });
});
