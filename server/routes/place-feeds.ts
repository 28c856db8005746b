// GET /api/feeds/{state}/{city}/{section}.atom and .json: a place's active items as Atom 1.0 or JSON Feed 1.1, for
// feed readers, town websites and automation. Beside /api/feeds (feed health, GET) and /api/feeds/{id}/run (POST):
// those have one or two segments after /api/feeds, these three, so the paths never meet.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { errorBody } from '../../src/lib/errors.ts'
import { isLocale, DEFAULT_LOCALE, LOCALES } from '../../src/lib/routing/routes.ts'
import type { AppEnv } from '../env.ts'
import { findCity } from '../lib/cities.ts'
import { hook } from '../lib/hook.ts'
import { apiUrl } from '../notify/email.ts'
import type { Db } from '../db/index.ts'
import { createMicroCache, type MicroCache } from '../lib/micro-cache.ts'
import { placeFeed, type FeedFormat, type PlaceFeed } from '../notify/place-feed.ts'
import { FOLLOWED_SECTIONS, itemsOfLists, placeLists, type FollowedSection, type PlaceLists } from '../notify/place-items.ts'
import { errors } from '../schemas.ts'

const FILE = /^(statuses|roads)\.(atom|json)$/

const feedRoute = createRoute({
  method: 'get',
  path: '/api/feeds/{state}/{city}/{file}',
  summary: 'A place’s active statuses or roads as an Atom (.atom) or JSON Feed (.json) document',
  request: {
    params: z.object({
      state: z.string().openapi({ example: 'wa' }),
      city: z.string().openapi({ example: 'duvall' }),
      file: z.string().openapi({ example: 'statuses.atom' }),
    }),
    query: z.object({ lang: z.enum(LOCALES).optional() }),
  },
  responses: {
    200: { description: 'The feed; ETag and Last-Modified answer conditional requests with 304' },
    304: { description: 'Not modified' },
    400: errors[400],
    404: errors[404],
  },
})

/**
 * Rendered feeds for REACTION_CACHE_SECONDS, per place, section, format and language, each with the item lists it was
 * made from: any write to an item of the place (staff or a feed, on any instance: the change log drops those lists)
 * gives new lists, so the entry no longer matches and the next request renders again.
 */
type Rendered = { lists: PlaceLists; feed: PlaceFeed }
const FEED_CACHE_ENTRIES = 2000
const caches = new WeakMap<Db, MicroCache<Rendered>>()
function cacheOf(db: Db, seconds: number): MicroCache<Rendered> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = createMicroCache<Rendered>(seconds, FEED_CACHE_ENTRIES)))
  return cache
}
const sameLists = (a: PlaceLists, b: PlaceLists): boolean => a.length === b.length && a.every((list, index) => list === b[index])

export const placeFeeds = new OpenAPIHono<AppEnv>({ defaultHook: hook })
placeFeeds.openAPIRegistry.registerPath(feedRoute)
placeFeeds.get('/api/feeds/:state/:city/:file', async (c) => {
  const { state, city: slug, file } = c.req.param()
  const match = FILE.exec(file)
  const city = match ? findCity(`${state}/${slug}`) : null
  if (!match || !city?.route) return c.json(errorBody('not_found'), 404)
  const lang = c.req.query('lang') ?? DEFAULT_LOCALE
  if (!isLocale(lang)) return c.json(errorBody('invalid_request', { detail: `lang must be one of ${LOCALES.join(', ')}` }), 400)
  const section = match[1] as FollowedSection
  if (!FOLLOWED_SECTIONS.includes(section)) return c.json(errorBody('not_found'), 404)
  const { store, config, now } = c.var.deps
  const place = { ...city, route: city.route }
  const lists = await placeLists(store.db, place)
  const cache = cacheOf(store.db, config.reactionCacheSeconds)
  const key = `${place.route}|${section}|${match[2]}|${lang}`
  const cached = cache.get(key)
  let feed = cached && sameLists(cached.lists, lists) ? cached.feed : null
  if (!feed) {
    feed = placeFeed(place, section, itemsOfLists(lists, place, section, now()), match[2] as FeedFormat, {
      siteUrl: config.siteUrl,
      // From configuration (PUBLIC_API_URL), never the request's Host: the answer is public and cached.
      apiUrl: apiUrl(config),
      locale: lang,
    })
    cache.set(key, { lists, feed })
  }
  const headers = {
    'cache-control': 'public, max-age=60',
    etag: feed.etag,
    'last-modified': feed.lastModified.toUTCString(),
    vary: 'Origin, Accept-Encoding',
  }
  const since = c.req.header('if-modified-since')
  const fresh = c.req.header('if-none-match')
    ? c.req
        .header('if-none-match')!
        .split(',')
        .some((tag) => tag.trim().replace(/^W\//, '') === feed.etag)
    : since !== undefined && Date.parse(since) >= Math.floor(feed.lastModified.getTime() / 1000) * 1000
  if (fresh) return c.body(null, 304, headers)
  return c.body(feed.body, 200, { ...headers, 'content-type': feed.contentType })
})
