import type { FastifyBaseLogger } from 'fastify';

/**
 * Deliveries an answer must not wait for: how long a forgot-password answer takes would otherwise tell whether a
 * mail or SMS went out, that is whether the account exists. Failures go to the log (the caller has already
 * answered); closing the server waits for the ones in flight.
 */
export class BackgroundSends {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger | null) {}

  start(what: string, send: () => Promise<void>): void {
    const task: Promise<void> = Promise.resolve()
      .then(send)
      .catch((err: unknown) => this.log?.error({ err, what }, 'background delivery failed'))
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  /** Resolves once nothing is in flight (deliveries started meanwhile included). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}

/**
 * Runs `work` and answers no sooner than `floorMs` after the call began, errors included, so that the time an
 * answer takes is the floor whichever path the work took.
 */
export async function withSteadyTime<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
