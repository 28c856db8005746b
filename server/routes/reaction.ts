// GET /api/reaction: the live sections for a point; GET /api/cities: the site's city search.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { searchCities } from '../../src/lib/cities.ts'
import { haversineKm } from '../../src/lib/geo.ts'
import { ASPECTS, CAMERAS_CAP, priorityRank, type AlertItem, type Aspect, type Reaction } from '../../src/lib/items.ts'
import { ROUTE_PATTERN } from '../../src/lib/slug.ts'
import { itemsAround, itemsOfPage } from '../db/queries/items.ts'
import type { ItemRow } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { cityIndex } from '../lib/cities.ts'
import { hook } from '../lib/hook.ts'
import { toAlertItem } from '../lib/item-view.ts'
import { errors, json, reactionSchema } from '../schemas.ts'

const KM_PER_MILE = 1.609344
const coordinate = (limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d+)?$/, 'must be a number')
    .transform(Number)
    .refine((value) => Math.abs(value) <= limit, `must be between -${limit} and ${limit}`)

const reactionQuery = z.object({
  lat: coordinate(90).openapi({ example: '47.74' }),
  lon: coordinate(180).openapi({ example: '-121.99' }),
  route: z.string().max(120).regex(ROUTE_PATTERN, 'must look like wa/duvall').optional(),
  layer: z
    .string()
    .regex(/^\d{1,2}$/, 'must be 0 to 99')
    .transform(Number)
    .optional(),
  _t: z.string().max(20).optional().openapi({ description: 'Cache buster; ignored' }),
})

/** Sorts and caps one section: priority first, then distance, then the staff's order. */
function section(items: { row: ItemRow; miles: number }[], aspect: Aspect): { messages: AlertItem[] } {
  const sorted = items
    .filter(({ row }) => row.data_aspect === aspect)
    .sort(
      (a, b) =>
        priorityRank(a.row.priority) - priorityRank(b.row.priority) ||
        a.miles - b.miles ||
        a.row.sort_order - b.row.sort_order ||
        a.row.id - b.row.id,
    )
  const capped = aspect === 'cameras' ? sorted.slice(0, CAMERAS_CAP) : sorted
  return { messages: capped.map(({ row, miles }) => toAlertItem(row, miles)) }
}

export const reaction = new OpenAPIHono<AppEnv>({ defaultHook: hook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/reaction',
      summary: 'Live sections for a point: active items whose area covers it, plus the page’s own items',
      request: { query: reactionQuery },
      responses: { 200: json(reactionSchema, 'Statuses, roads, cameras and local businesses'), 400: errors[400] },
    }),
    async (c) => {
      const { lat, lon, route, layer = 0 } = c.req.valid('query')
      const { db } = c.var.deps.store
      const [near, ofPage] = await Promise.all([
        itemsAround(db, lat, lon, layer),
        route ? itemsOfPage(db, route.toLowerCase(), layer) : [],
      ])
      const found = new Map<number, { row: ItemRow; miles: number }>()
      for (const row of near) {
        const miles = haversineKm(lat, lon, row.lat, row.lon) / KM_PER_MILE
        if (miles <= row.area_miles) found.set(row.id, { row, miles })
      }
      for (const row of ofPage) found.set(row.id, { row, miles: haversineKm(lat, lon, row.lat, row.lon) / KM_PER_MILE })
      const items = [...found.values()]
      const body = Object.fromEntries(ASPECTS.map((aspect) => [aspect, section(items, aspect)])) as Reaction
      c.header('Cache-Control', layer ? 'private, no-store' : 'public, max-age=30')
      return c.json(body, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/cities',
      summary: 'City search with the site’s ranking: exact, then prefix, then contains',
      request: { query: z.object({ city: z.string().max(100).openapi({ example: 'duv' }) }) },
      responses: {
        200: json(
          z.array(
            z.object({
              name: z.string(),
              lat: z.number(),
              lon: z.number(),
              country: z.string(),
              state: z.string(),
              timezone: z.string(),
              displayName: z.string(),
              route: z.string().nullable(),
            }),
          ),
          'Up to 10 cities; fewer than 2 characters gives an empty list',
        ),
        400: errors[400],
      },
    }),
    (c) => {
      const results = searchCities(cityIndex(), c.req.valid('query').city).map(({ city, displayName, route }) => ({
        name: city.name,
        lat: city.lat,
        lon: city.lon,
        country: city.country,
        state: city.state,
        timezone: city.timezone,
        displayName,
        route,
      }))
      c.header('Cache-Control', 'public, max-age=86400')
      return c.json(results, 200)
    },
  )
