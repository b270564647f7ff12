import { ApiError } from './api-client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a request's answer was lost (no connection, a 5xx, a 429) rather than a refusal. */
function answerLost(error: unknown): boolean {
  return (
    !(error instanceof ApiError) ||
    error.status === 0 ||
    error.status === 429 ||
    error.status >= 500
  );
}

/**
 * Calls `send` again with exponential backoff and jitter while its answer is lost; a refusal
 * (409, 403…) is final. Only for a request the server takes once per client id, so a retry after
 * a lost answer never does the thing twice.
 */
export async function retryWhileLost<T>(
  send: () => Promise<T>,
  { attempts, maxDelayMs }: { attempts: number; maxDelayMs: number },
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (!answerLost(error) || attempt + 1 >= attempts) throw error;
      await sleep(Math.min(maxDelayMs, 300 * 2 ** attempt) * (0.5 + Math.random()));
    }
  }
}
