// Bounded concurrency and retries with backoff: the two things every request of a deploy goes through.

/** Runs work over items with at most `limit` in flight; the first failure stops new work and is thrown. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0
  // An object, not a variable: TypeScript does not see assignments made inside the workers.
  const failed: { error: Error | null } = { error: null }
  const worker = async (): Promise<void> => {
    while (failed.error === null && next < items.length) {
      const index = next++
      try {
        await work(items[index] as T, index)
      } catch (error) {
        failed.error ??= error instanceof Error ? error : new Error(String(error))
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  if (failed.error) throw failed.error
}

/** An answer worth another try: throttling, a server fault, or the network. */
export class RetryableError extends Error {}

export type RetryOptions = { attempts?: number; baseMs?: number; onRetry?: (error: Error, attempt: number) => void }

/**
 * Retries RetryableError with exponential backoff and full jitter (200 ms, 400 ms, … capped at
 * 10 s), as AWS advises for SlowDown and 503; other errors fail at once.
 */
export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = 7, baseMs = 200, onRetry } = options
  for (let attempt = 1; ; attempt++) {
    try {
      return await task()
    } catch (error) {
      const retryable = error instanceof RetryableError || (error instanceof TypeError && /fetch failed/i.test(error.message))
      if (!retryable || attempt >= attempts) throw error
      onRetry?.(error, attempt)
      await new Promise((done) => setTimeout(done, Math.random() * Math.min(10_000, baseMs * 2 ** (attempt - 1))))
    }
  }
}
