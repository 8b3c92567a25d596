/**
 * server/security-headers.ts's policy on its own: which outside origins a page may load scripts
 * and frames from, per configuration (the production server's headers:
 * tests/server/hardening-requests.test.ts).
 */
import { createHash } from "node:crypto";
import { hashPolicy, noncePolicy } from "../../server/security-headers.js";

const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

it("allows no outside script or frame by default", () => {
  const policy = noncePolicy({}, "N");
  expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-N'");
  expect(directive(policy, "frame-src")).toBe("frame-src 'none'");
});

it("allows Telegram's Login Widget (script and frame) only when /me offers it", () => {
  const policy = noncePolicy({ telegramWidget: true }, "N");
  expect(directive(policy, "script-src")).toBe("script-src 'self' https://telegram.org 'nonce-N'");
  expect(directive(policy, "frame-src")).toBe("frame-src https://oauth.telegram.org");
  expect(directive(noncePolicy({ telegramWidget: true, walletBackend: "alchemy" }, "N"), "frame-src")).toBe(
    "frame-src https://auth.turnkey.com https://signer.alchemy.com https://oauth.telegram.org",
  );
});

it("a stored page's policy names each inline script by the SHA-256 of its UTF-8 bytes, whatever the page's language", () => {
  const inline = ['window.t = "مجموعات المحلية";', 'window.u = "Ortsgruppen – Übersicht";', "window.v = 1;"];
  const html = Buffer.from(
    `<!DOCTYPE html><html lang="ar"><head><script type="module" src="/build/a.js"></script><title>مجموعات</title></head>` +
      `<body><p>ä é ✓</p>${inline.map((code) => `<script nonce="N">${code}</script>`).join("<p>–</p>")}<script></script></body></html>`,
  );
  const sha = (code: string) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`;
  expect(directive(hashPolicy({}, html), "script-src")).toBe(["script-src 'self'", ...inline.map(sha)].join(" "));
});
