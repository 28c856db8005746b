// Answering a routed request with the answer of another server (or the same one, changed): the specs'
// page.route handlers that pass a call on.
import type { Route } from '@playwright/test'

type FetchOptions = Parameters<Route['fetch']>[0]

/**
 * Passes the request on (`route.fetch(options)`) and answers with what comes back, its JSON changed by
 * `change` when given. A call still in flight when the test ends (a refresh the page started as it was
 * left) is dropped instead of failing the finished test ("route.fetch: Test ended", CI 2026-11-28). A
 * call that fails while the test runs is aborted, so the page sees a network failure and the test's own
 * expectations say what went wrong.
 */
export async function forward<T>(route: Route, options?: FetchOptions, change?: (json: T) => T): Promise<void> {
  const answered = async (): Promise<void> => {
    const response = await route.fetch(options)
    await (change ? route.fulfill({ json: change((await response.json()) as T) }) : route.fulfill({ response }))
  }
  await answered().catch(() => route.abort('failed').catch(() => undefined))
}
