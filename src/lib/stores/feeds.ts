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

/** Reasons a run leaves items out on purpose that the panel names (server/feeds/types.ts); others show as they come. */
export const LEFT_OUT_REASONS = ['ended', 'test', 'cancel', 'replaced', 'duplicate'] as const
export type LeftOutLine = { reason: (typeof LEFT_OUT_REASONS)[number] | 'other'; count: number; code: string }

/**
 * What the last run left out on purpose, most first: one line per reason with a positive count. `zones` is the
 * panel's "waiting for zone shapes" already (withheld), so it is left to that line when the feed reports one.
 * @example leftOutLines({ leftOut: { test: 2, ended: 5 } }) // [{ reason: 'ended', count: 5, code: 'ended' }, { reason: 'test', count: 2, code: 'test' }]
 */
export function leftOutLines(feed: Pick<FeedHealth, 'leftOut' | 'withheld'>): LeftOutLine[] {
  return Object.entries(feed.leftOut ?? {})
    .filter(([code, count]) => Number.isInteger(count) && count > 0 && !(code === 'zones' && (feed.withheld ?? 0) > 0))
    .map(([code, count]) => {
      const known = (LEFT_OUT_REASONS as readonly string[]).includes(code)
      return { reason: known ? (code as LeftOutLine['reason']) : 'other', count, code: code.slice(0, 40) }
    })
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code))
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
