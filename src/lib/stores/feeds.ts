// The editor's feed-health panel: GET /api/feeds while the panel is on screen, refreshed every minute.
import { atom, map, onMount } from 'nanostores'
import { ApiError, type FeedHealth, type FeedRun } from '../api/porchlight.ts'
import { api } from './api.ts'

/** A failed load keeps the failed call; the panel says it in the visitor's language (feeds.error, feeds.forbidden). */
export type FeedsState =
  { state: 'loading' } | { state: 'ok'; feeds: FeedHealth[] } | { state: 'error'; error: unknown; forbidden: boolean }

export const FEEDS_REFRESH_MS = 60_000

export const $feeds = atom<FeedsState>({ state: 'loading' })

/** What one line of the panel says about a feed, most worrying first. */
export type FeedStatus = 'off' | 'failing' | 'stale' | 'waiting' | 'ok'

/**
 * A feed's status: off when disabled, failing when its last run failed (its items are kept until they
 * expire), stale when its items are older than the threshold, waiting before its first success.
 * @example feedStatus({ ...feed, enabled: true, failures: 2 }) // 'failing'
 */
export function feedStatus(feed: Pick<FeedHealth, 'enabled' | 'failures' | 'stale' | 'lastSuccessAt'>): FeedStatus {
  if (!feed.enabled) return 'off'
  if (feed.failures > 0) return 'failing'
  if (feed.stale) return 'stale'
  return feed.lastSuccessAt ? 'ok' : 'waiting'
}

const RANK: Record<FeedStatus, number> = { failing: 0, stale: 1, waiting: 2, ok: 3, off: 4 }

/** Feeds that need attention first, then by name, so the panel reads top-down. */
export function sortFeeds(feeds: FeedHealth[]): FeedHealth[] {
  return [...feeds].sort((a, b) => RANK[feedStatus(a)] - RANK[feedStatus(b)] || a.name.localeCompare(b.name))
}

/** Fetches the list; a failed refresh keeps the list on screen only when there is none to keep. */
export async function loadFeeds(): Promise<void> {
  try {
    const { feeds } = await api.feeds()
    $feeds.set({ state: 'ok', feeds: sortFeeds(feeds) })
  } catch (error) {
    const forbidden = error instanceof ApiError && (error.status === 401 || error.status === 403)
    // A good list stays up through a passing network error; the next refresh tries again.
    if ($feeds.get().state === 'ok' && !forbidden) return
    $feeds.set({ state: 'error', error, forbidden })
  }
}

/** A staff "Run now" per feed: running, its result, or the failed call (translated by the panel). */
export type FeedRunState = { state: 'running' } | { state: 'done'; run: FeedRun['run'] } | { state: 'error'; error: unknown }

export const $feedRuns = map<Record<string, FeedRunState>>({})

/**
 * Runs one feed now (POST /api/feeds/{id}/run) and puts its fresh health into the list; the row then
 * says what the run did. A second click while it runs does nothing.
 * @example await runFeedNow('nws-alerts')
 */
export async function runFeedNow(id: string): Promise<void> {
  if ($feedRuns.get()[id]?.state === 'running') return
  $feedRuns.setKey(id, { state: 'running' })
  try {
    const { run, feed } = await api.runFeed(id)
    $feedRuns.setKey(id, { state: 'done', run })
    const current = $feeds.get()
    if (current.state === 'ok')
      $feeds.set({ state: 'ok', feeds: sortFeeds(current.feeds.map((each) => (each.id === id ? { ...each, ...feed } : each))) })
  } catch (error) {
    $feedRuns.setKey(id, { state: 'error', error })
  }
}

/** Reloads now, showing the loading state (the panel's retry button). */
export function retryFeeds(): void {
  $feeds.set({ state: 'loading' })
  void loadFeeds()
}

onMount($feeds, () => {
  void loadFeeds()
  const timer = setInterval(() => void loadFeeds(), FEEDS_REFRESH_MS)
  return () => {
    clearInterval(timer)
    $feeds.set({ state: 'loading' })
  }
})
