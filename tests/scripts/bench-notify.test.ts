/**
 * bench:notify (scripts/bench-notify.ts) end to end with a few recipients at Telegram's own rates:
 * it ends with its one JSON line, every recipient told once, and a drain no quicker than the
 * stand-in's limits allow.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "../../scripts/lib/paths.js";
import { withTestDatabase } from "../setup/postgres.js";

/** The suite's PostgreSQL server, on which the bench makes (and drops) its own database. */
const database = withTestDatabase();

function runBench(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts", "bench-notify.ts")], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

it("tells 40 recipients once each and prints its figures as one JSON line", { timeout: 300_000 }, async () => {
  const { code, stdout, stderr } = await runBench({ DATABASE_URL: database().url, BENCH_RECIPIENTS: "40", BENCH_RATE_SCALE: "1" });
  expect(code, stderr.slice(-4000)).toBe(0);
  const figures = JSON.parse(stdout.trim().split("\n").at(-1)!);
  expect(Object.keys(figures)).toEqual(["recipients", "drain_s", "limit_s", "duplicates", "lost"]);
  // 30 at once from a full bucket, the other 10 at 30 a second.
  expect(figures).toMatchObject({ recipients: 40, limit_s: 0.33, duplicates: 0, lost: 0 });
  expect(figures.drain_s).toBeGreaterThanOrEqual(figures.limit_s);
  expect(stderr).toMatch(/target drain_s ≤ 1\.2 × limit_s: \d+\.\d\d× \((met|MISSED)\)/);
});
