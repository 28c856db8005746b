/** Retries and freshness for data fetched in the browser (SPEC section 9: retry 3, backoff). */

export const RETRIES = 3

/**
 * Delay before retry n (0-based): min(1000·2^n, 30000) ms.
 * @example retryDelay(2) // 4000
 */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000)
}

/**
 * Runs a task, retrying up to `retries` times with the backoff above; the last error is thrown.
 * @example await withRetry(() => fetchJson(url))
 */
export async function withRetry<T>(task: () => Promise<T>, retries = RETRIES, wait = sleep): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task()
    } catch (error) {
      if (attempt >= retries) throw error
      await wait(retryDelay(attempt))
    }
  }
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms))

/** Whether data fetched at `fetchedAt` is older than its source's freshness window. */
export function isStale(fetchedAt: number, freshMs: number, now: number): boolean {
  return now - fetchedAt >= freshMs
}

/**
 * What a source shows: loading before any data; data (with `failed` when the last refresh
 * failed, so the page keeps the last good data with its age); or an error when there is none.
 */
export type SourceState<T> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ok'; data: T; fetchedAt: number; refreshing: boolean; failed: boolean }
  | { state: 'error'; message: string }
