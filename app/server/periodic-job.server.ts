/**
 * A server process's periodic job (mail delivery, chat sweep, analytics rollups): one round every `intervalMs`,
 * never two at once; a failed round is logged under the job's name and the next one runs as usual. `kick` asks for
 * a round now (ignored while one runs); `stop` ends the timer and waits for the running round.
 */
export interface PeriodicJob {
  kick(): void;
  stop(): Promise<void>;
}

export function startPeriodicJob(name: string, work: () => Promise<unknown>, options: { intervalMs: number; runNow?: boolean }): PeriodicJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const round = () => {
    if (running || stopped) return;
    running = work()
      .then(() => undefined)
      .catch((error: unknown) => console.warn(`[${name}] failed:`, error instanceof Error ? error.message : error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(round, options.intervalMs);
  timer.unref();
  if (options.runNow) round();
  return {
    kick: round,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
