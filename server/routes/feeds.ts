// GET /api/feeds: each configured feed's health, for the editor's feed-health panel. Admins and superadmins only.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { feedRows } from '../db/queries/feeds.ts'
import type { FeedRow } from '../db/schema.ts'
import { errorBody, errorMessage } from '../../src/lib/errors.ts'
import type { AppEnv } from '../env.ts'
import { loadFeedsConfig, type Feed } from '../feeds/config.ts'
import { registryFeeds } from '../feeds/registry.ts'
import { businessHealth } from '../feeds/overpass/health.ts'
import { businessFetcher } from '../feeds/overpass/start.ts'
import { countFeedItems } from '../feeds/store.ts'
import { currentCaller } from '../lib/caller.ts'
import { hook } from '../lib/hook.ts'
import { errorSchema, errors, feedsSchema, json } from '../schemas.ts'

export const FEEDS_FORBIDDEN = errorMessage('no_view_feeds')

/** Old data: an enabled feed whose last success is older than its threshold, or that has failed without one. */
function isStale(feed: Feed, row: FeedRow | undefined, now: Date): boolean {
  if (!feed.enabled || !row) return false
  if (!row.last_success_at) return row.failures > 0
  return now.getTime() - Date.parse(row.last_success_at) > feed.staleAfterSeconds * 1000
}

export const feeds = new OpenAPIHono<AppEnv>({ defaultHook: hook }).openapi(
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
    if (caller.role !== 'admin' && caller.role !== 'superadmin') return c.json(errorBody('no_view_feeds'), 403)
    const { db } = c.var.deps.store
    const now = c.var.deps.now()
    // Read on each call (a small file; admins only), so the answer follows the configuration the engine runs.
    const config = loadFeedsConfig()
    const [rows, counts, listed] = await Promise.all([feedRows(db), countFeedItems(db), registryFeeds(db, config)])
    const list = [...config.feeds, ...listed.feeds].map((feed) => {
      const row = rows.get(feed.id)
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
        itemCount: counts.get(feed.id) ?? 0,
        nextRunAt: feed.enabled ? (row?.next_run_at ?? null) : null,
        failures: row?.failures ?? 0,
        stale: isStale(feed, row, now),
        attribution: feed.attribution,
      }
    })
    // The OpenStreetMap business fetcher is not a scheduled feed, but its requests and errors belong here too.
    const businesses = await businessHealth(db, businessFetcher(db), now)
    c.header('Cache-Control', 'private, no-store')
    return c.json({ feeds: [...list, businesses] }, 200)
  },
)
