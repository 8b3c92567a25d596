/**
 * server/security-headers.ts's policy on its own: which outside origins a page may load scripts
 * and frames from, per configuration (the production server's headers: tests/server/hardening.test.ts).
 */
import { noncePolicy } from "../../server/security-headers.js";

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
