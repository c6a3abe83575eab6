/**
 * What the page's main thread did after its first contentful paint, read from a Lighthouse trace (`--save-assets`).
 *
 * Lighthouse's total blocking time multiplies each task's duration on the clock by 4. On this two-CPU virtual
 * machine a task's clock time is often two to four times the time its thread actually ran: the thread waits for
 * its CPU (the renderer's compositor, raster and script-streaming threads, which a phone runs on other cores) or is
 * held by the host. Blocking time computed the same way from each task's own CPU time shows what the page's code
 * costs, apart from that wait. It is a diagnostic beside Lighthouse's figure, never the judged one.
 */

interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, in µs. */
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string; isOutermostMainFrame?: boolean } };
}

export interface MainThreadTime {
  /** Top-level tasks after the first contentful paint: time on the clock and time the thread ran, in ms. */
  clockMs: number;
  cpuMs: number;
  /** Lighthouse's blocking sum (4× each task, less 50 ms) from clock durations and from CPU durations. */
  blockingFromClockMs: number;
  blockingFromCpuMs: number;
}

// Lighthouse's mobile CPU slowdown and its long-task threshold.
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

const blocking = (ms: number) => Math.max(0, SLOWDOWN * ms - LONG_TASK_MS);

export function mainThreadTime(trace: { traceEvents: TraceEvent[] }): MainThreadTime | null {
  const events = trace.traceEvents;
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isOutermostMainFrame !== false &&
      /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''),
  );
  if (!navigation) return null;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === navigation.pid && e.ts >= navigation.ts);
  if (!paint) return null;
  const figures = { clockMs: 0, cpuMs: 0, blockingFromClockMs: 0, blockingFromCpuMs: 0 };
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== navigation.pid || e.tid !== navigation.tid) continue;
    if (e.ts < paint.ts || e.dur === undefined || e.tdur === undefined) continue;
    const clock = e.dur / 1000;
    const cpu = e.tdur / 1000;
    figures.clockMs += clock;
    figures.cpuMs += cpu;
    figures.blockingFromClockMs += blocking(clock);
    figures.blockingFromCpuMs += blocking(cpu);
  }
  return {
    clockMs: Math.round(figures.clockMs),
    cpuMs: Math.round(figures.cpuMs),
    blockingFromClockMs: Math.round(figures.blockingFromClockMs),
    blockingFromCpuMs: Math.round(figures.blockingFromCpuMs),
  };
}
