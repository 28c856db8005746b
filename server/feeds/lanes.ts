// The scheduler's lanes (scheduler.ts): configured feeds one at a time; feeds a registry made in a lane of their own,
// a few at a time and within a time budget, so a long list on a slow host never delays the alert feeds.
import type { FeedRow } from '../db/schema.ts'
import type { Feed } from './config.ts'

/** How many runs a lane keeps going at once, and how long (wall time) it starts new ones in one tick. */
export type Lane = { concurrency: number; budgetMs: number }

/** The operator's feeds (alerts first among them): one at a time, so a big feed never has company from its own lane. */
export const CONFIGURED_LANE: Lane = { concurrency: 1, budgetMs: Number.POSITIVE_INFINITY }
/**
 * Feeds registries and catalogues made (up to 500 each, 50 MB and 60 s a run): two at a time, starting none after
 * 30 s of a tick, then listed again (rows that left stop, the longest waiting go first).
 */
export const LISTED_LANE: Lane = { concurrency: 2, budgetMs: 30_000 }

/**
 * The enabled feeds due at `now`; with `oldestFirst`, the longest waiting first (a feed never run before all).
 * @example dueFeeds(feeds, rows, now, true)[0]?.id // the most overdue listed feed
 */
export function dueFeeds(feeds: Feed[], rows: Map<string, FeedRow>, now: Date, oldestFirst = false): Feed[] {
  const stamp = now.toISOString()
  const due = feeds.filter((feed) => feed.enabled && !((rows.get(feed.id)?.next_run_at ?? '') > stamp))
  const waiting = (feed: Feed) => rows.get(feed.id)?.next_run_at ?? ''
  return oldestFirst ? due.sort((a, b) => (waiting(a) < waiting(b) ? -1 : waiting(a) > waiting(b) ? 1 : 0)) : due
}

/**
 * Runs the feeds in order, at most `lane.concurrency` at once, starting none once `lane.budgetMs` has passed or
 * `stopped()` says so; resolves when the started runs end. `run` must not throw (the scheduler's catches and logs).
 */
export async function runLane(feeds: Feed[], lane: Lane, run: (feed: Feed) => Promise<void>, stopped: () => boolean) {
  const started = performance.now()
  const queue = [...feeds]
  const worker = async (): Promise<void> => {
    for (let feed = queue.shift(); feed; feed = queue.shift()) {
      if (stopped() || performance.now() - started > lane.budgetMs) return
      await run(feed)
    }
  }
  await Promise.all(Array.from({ length: Math.min(lane.concurrency, queue.length) }, worker))
}
