/**
 * A miss's Server-Timing (server/page-cache.ts): its wait for the client's turn (`wait;dur`,
 * server/render-gate.ts) apart from its render's time (`render;dur`) and, when the request asks
 * with `X-Server-Timing: cpu`, the CPU the render cost this process (`cpu;dur`, with whatever else
 * ran meanwhile): for benchmarks and profiles.
 */

/** A request header that asks a miss's answer for the CPU its render cost (`X-Server-Timing: cpu`). */
export const CPU_TIMING_HEADER = "x-server-timing";

/** Starts timing a miss: `begins` when its render starts after a wait, `header` once it is rendered. */
export function missTiming(request: Request) {
  let started = performance.now();
  // The process's CPU only when asked: the call costs ~35 µs on a loaded VM, twice a miss.
  const measureCpu = request.headers.get(CPU_TIMING_HEADER) === "cpu";
  let cpu = measureCpu ? process.cpuUsage() : undefined;
  let waited: number | undefined;
  return {
    begins() {
      const now = performance.now();
      waited = now - started;
      started = now;
      if (measureCpu) cpu = process.cpuUsage();
    },
    header(): string {
      const used = cpu && process.cpuUsage(cpu);
      const wait = waited === undefined ? "" : `wait;dur=${waited.toFixed(2)}, `;
      return `${wait}render;dur=${(performance.now() - started).toFixed(2)}${used ? `, cpu;dur=${((used.user + used.system) / 1000).toFixed(2)}` : ""}`;
    },
  };
}
