// GET /api/feeds: each configured feed's health, for the editor's feed-health panel; POST /api/feeds/{id}/run
// runs one feed at once. Admins and superadmins only.
import { hostname } from 'node:os'
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { zoneSummary } from '../db/queries/feed-zones.ts'
import { ensureFeedRows, feedRow, feedRows, makeFeedDue } from '../db/queries/feeds.ts'
import type { FeedRow } from '../db/schema.ts'
import { errorBody } from '../../src/lib/errors.ts'
import type { AppEnv } from '../env.ts'
import { loadFeedsConfig, type Feed } from '../feeds/config.ts'
import { runFeed } from '../feeds/engine.ts'
import { runOptions } from '../feeds/run-options.ts'
import { registryFeeds } from '../feeds/registry.ts'
import { businessHealth } from '../feeds/overpass/health.ts'
import { businessFetcher } from '../feeds/overpass/start.ts'
import { countFeedItems } from '../feeds/store.ts'
import { currentCaller } from '../lib/caller.ts'
import { givePlacesBack, takePlaces, type Limit } from '../lib/rate-limit.ts'
import { hook } from '../lib/hook.ts'
import { errorSchema, errors, feedRunSchema, feedsSchema, json } from '../schemas.ts'

/** Old data: an enabled feed whose last success is older than its threshold, or that has failed without one. */
function isStale(feed: Feed, row: FeedRow | undefined, now: Date): boolean {
  if (!feed.enabled || !row) return false
  if (!row.last_success_at) return row.failures > 0
  return now.getTime() - Date.parse(row.last_success_at) > feed.staleAfterSeconds * 1000
}

/** The last run's counts of items left out, per reason (issue 37); {} when none or unreadable. */
function leftOut(text: string | null): Record<string, number> {
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return {}
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'))
  } catch {
    return {}
  }
}

/** One feed's line of the health answer. */
function health(feed: Feed, row: FeedRow | undefined, count: number, now: Date) {
  return {
    id: feed.id,
    name: feed.name,
    adapter: feed.adapter,
    enabled: feed.enabled,
    schedule: feed.scheduleSeconds,
    lastRunAt: row?.last_run_at ?? null,
    lastSuccessAt: row?.last_success_at ?? null,
    lastError: row?.last_error ?? (feed.enabled ? feed.problem : null),
    lastErrorAt: row?.last_error_at ?? null,
    itemCount: count,
    nextRunAt: feed.enabled ? (row?.next_run_at ?? null) : null,
    failures: row?.failures ?? 0,
    stale: isStale(feed, row, now),
    attribution: feed.attribution,
    withheld: row?.withheld ?? 0,
    skipped: row?.skipped ?? 0,
    // Only when the last run left something out: most feeds never do.
    ...(row?.left_out ? { leftOut: leftOut(row.left_out) } : {}),
  }
}

/**
 * "Run now" per feed (docs/security.md): twice per 5 minutes and 10 times an hour, whoever asks, since one run may
 * download 50 MB from someone else's server.
 */
const runNowLimits = (id: string): Limit[] => [
  { bucket: `feed-run:${id}:300`, limit: 2, windowSeconds: 300 },
  { bucket: `feed-run:${id}:3600`, limit: 10, windowSeconds: 3600 },
]

const isStaff = (role: string): boolean => role === 'admin' || role === 'superadmin'
const feedParam = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, 'must be a feed id')
    .openapi({ param: { name: 'id', in: 'path' }, example: 'nws-alerts' }),
})

export const feeds = new OpenAPIHono<AppEnv>({ defaultHook: hook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/feeds',
      summary: 'Feed health: last success, last error, item count, next run, failures, stale flag',
      security: [{ bearer: [] }],
      responses: {
        200: json(feedsSchema, 'Every configured feed, in the configuration’s order'),
        401: errors[401],
        403: json(errorSchema, 'Not an admin'),
      },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      if (!caller) return c.json(errorBody('not_signed_in'), 401)
      if (!isStaff(caller.role)) return c.json(errorBody('no_view_feeds'), 403)
      const { db } = c.var.deps.store
      const now = c.var.deps.now()
      // Read on each call (a small file; admins only), so the answer follows the configuration the engine runs.
      const config = loadFeedsConfig()
      const [rows, counts, listed, zones] = await Promise.all([
        feedRows(db),
        countFeedItems(db),
        registryFeeds(db, config),
        zoneSummary(db),
      ])
      const list = [...config.feeds, ...listed.feeds].map((feed) =>
        health(feed, rows.get(feed.id), counts.get(feed.id) ?? 0, now),
      )
      // The OpenStreetMap business fetcher is not a scheduled feed, but its requests and errors belong here too.
      const businesses = await businessHealth(db, businessFetcher(db), now)
      c.header('Cache-Control', 'private, no-store')
      // The zones kept for zone-coded alerts, with their versions, once there are any.
      const zoneHealth = zones.kept + zones.unavailable > 0 ? { zones } : {}
      return c.json({ feeds: [...list, businesses], ...zoneHealth }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/api/feeds/{id}/run',
      summary: 'Runs one feed now (admins and superadmins), answering with what the run did and the feed’s health',
      security: [{ bearer: [] }],
      request: { params: feedParam },
      responses: {
        200: json(feedRunSchema, 'The run’s outcome and the feed’s health after it'),
        400: errors[400],
        401: errors[401],
        403: json(errorSchema, 'Not an admin'),
        404: errors[404],
        409: json(errorSchema, 'The feed is off, or running now'),
        429: json(errorSchema, 'Run now too often for this feed (Retry-After says when)'),
      },
    }),
    async (c) => {
      const caller = await currentCaller(c)
      if (!caller) return c.json(errorBody('not_signed_in'), 401)
      if (!isStaff(caller.role)) return c.json(errorBody('no_run_feeds'), 403)
      const { db } = c.var.deps.store
      const config = loadFeedsConfig()
      const listed = await registryFeeds(db, config)
      const id = c.req.valid('param').id
      const feed = [...config.feeds, ...listed.feeds].find((candidate) => candidate.id === id)
      if (!feed) return c.json(errorBody('not_found'), 404)
      if (!feed.enabled) return c.json(errorBody('feed_off'), 409)
      const now = c.var.deps.now()
      // A run under way answers before the limit counts: asking again while it runs downloads nothing.
      const claimed = (await feedRow(db, feed.id))?.claimed_until
      if (claimed && claimed > now.toISOString()) return c.json(errorBody('feed_busy'), 409)
      // A place in each window, taken only while under its limit (a refused ask uses none), given back if no run happened.
      const places = await takePlaces(c, runNowLimits(feed.id))
      if ('wait' in places) return c.json(errorBody('too_many'), 429)
      await ensureFeedRows(db, [feed.id], now)
      // Due now, unless a run holds it; the claim in runFeed then decides, so this never runs beside the scheduler.
      await makeFeedDue(db, feed.id, now)
      // The scheduler's options (run-options.ts): a registry's rows are saved, a preferred feed's copies removed.
      const outcome = await runFeed(
        db,
        feed,
        runOptions(db, config, {
          owner: `${hostname()}:${process.pid}:staff`,
          allowPrivate: c.var.deps.config.allowPrivateFetch,
          now: () => now,
        }),
      )
      if (outcome.state === 'skipped') {
        await givePlacesBack(c, places.taken)
        return c.json(errorBody('feed_busy'), 409)
      }
      const [rows, counts] = await Promise.all([feedRows(db), countFeedItems(db)])
      const stored = outcome.state === 'stored' ? outcome : null
      const run = {
        state: outcome.state,
        added: stored?.summary.added ?? 0,
        changed: stored?.summary.changed ?? 0,
        removed: stored?.summary.removed ?? 0,
        skipped: stored?.skipped ?? 0,
        withheld: stored?.pendingZones ?? 0,
        error: outcome.state === 'failed' ? outcome.error : null,
      }
      c.header('Cache-Control', 'private, no-store')
      return c.json({ run, feed: health(feed, rows.get(feed.id), counts.get(feed.id) ?? 0, now) }, 200)
    },
  )
