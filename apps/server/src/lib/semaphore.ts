/** At most `limit` tasks run at once; the rest wait their turn in arrival order. */
export function createSemaphore(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        // The slot passes straight to the next waiter, so `running` only drops when none waits.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get pending() {
      return waiting.length;
    },
  };
}
