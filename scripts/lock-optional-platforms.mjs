#!/usr/bin/env node
/**
 * The npm registry mirror this project installs from lacks many optional platform packages
 * (anvil for darwin, rollup for windows, ...). `npm install` then leaves them out of
 * package-lock.json, and `npm ci` refuses the lock as out of sync. This adds an entry for each
 * optional dependency the lock names but does not hold, with its platform, so `npm ci` skips it on
 * other platforms. Run it after every `npm install` that changes the lock:
 *   node scripts/lock-optional-platforms.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const OS = ["darwin", "win32", "linux", "android", "freebsd", "openbsd", "openharmony", "sunos", "aix", "netbsd"];
const CPU = [["amd64", "x64"], ["x64", "x64"], ["arm64", "arm64"], ["ia32", "ia32"], ["loong64", "loong64"], ["ppc64", "ppc64"], ["riscv64", "riscv64"], ["s390x", "s390x"], ["arm", "arm"]];

const platformOf = (name) => {
  const base = name.split("/").pop();
  const os = OS.find((o) => base.includes(o));
  const cpu = CPU.find(([k]) => base.split("-").some((part) => part.startsWith(k)))?.[1];
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
};

/** Where npm would look for `name` from the package at `path`: nested first, then up the tree. */
function resolves(path, name) {
  for (let dir = path; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf("/node_modules")))) {
    if (lock.packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
  }
}

let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    const version = spec.replace(/^[\^~=]/, "");
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[`node_modules/${name}`] = { version, optional: true, ...platformOf(name) };
    added++;
  }
}
const sorted = Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en")));
lock.packages = Object.fromEntries(sorted);
writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
console.log(`package-lock.json: added ${added} optional platform entr${added === 1 ? "y" : "ies"}`);
