/**
 * Whether the host's CPUs are taken by other work: background work (the document fetcher) goes at
 * full speed while a core is free and slows to a pace while the pages need the cores. A lower
 * scheduling priority (nice 19) was measured not to be enough: the pages' latency on a saturated
 * machine rose as much with the fetcher niced (bench:views' fetcher phase, decision 0011).
 *
 * The measure: over the time since the last look, the host's busy CPU time (os.cpus(), all
 * processes) less this process's own (process.cpuUsage()), in cores. "Busy" is more than all cores
 * but one: on two cores, others using more than one.
 */
import { availableParallelism, cpus } from "node:os";

export type CpuSample = { busyMs: number; totalMs: number; ownMs: number };

export function cpuSample(): CpuSample {
  let busyMs = 0;
  let totalMs = 0;
  for (const { times } of cpus()) {
    const total = times.user + times.nice + times.sys + times.idle + times.irq;
    totalMs += total;
    busyMs += total - times.idle;
  }
  const own = process.cpuUsage();
  return { busyMs, totalMs, ownMs: (own.user + own.system) / 1000 };
}

/** Cores other processes kept busy between two samples (0 when no time passed). */
export function othersCores(before: CpuSample, after: CpuSample, cores = cpus().length): number {
  const total = after.totalMs - before.totalMs;
  if (total <= 0) return 0;
  const others = after.busyMs - before.busyMs - (after.ownMs - before.ownMs);
  return Math.max(0, (others / total) * cores);
}

/** A probe: each call says whether others kept more than all cores but one busy since the last call. */
export function hostBusyProbe(cores = availableParallelism()): () => boolean {
  let last = cpuSample();
  return () => {
    const now = cpuSample();
    const busy = othersCores(last, now, cpus().length) > Math.max(cores - 1, 0.5);
    last = now;
    return busy;
  };
}
