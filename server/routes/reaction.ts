// GET /api/reaction: the live sections for a point; GET /api/cities: the site's city search.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { searchCities } from '../../src/lib/cities.ts'
import { ROUTE_PATTERN } from '../../src/lib/routing/slug.ts'
import type { AppEnv } from '../env.ts'
import { policyOf } from '../../src/lib/field-permission.ts'
import { currentCaller } from '../lib/caller.ts'
import { cityIndex } from '../lib/cities.ts'
import { hook } from '../lib/hook.ts'
import { invalidRequest } from '../lib/http.ts'
import { answerReaction } from '../lib/reaction.ts'
import { citiesSchema, errors, json, reactionSchema } from '../schemas.ts'

const coordinate = (limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d+)?$/, 'must be a number')
    .transform(Number)
    .refine((value) => Math.abs(value) <= limit, `must be between -${limit} and ${limit}`)

/** GET /api/reaction's query; the browser's ReactionQuery is derived from it (src/lib/api/types.ts). */
export const reactionQuery = z.object({
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

const reactionRoute = createRoute({
  method: 'get',
  path: '/api/reaction',
  summary: 'Live sections for a point: active items whose area covers it, plus the page’s own items',
  request: { query: reactionQuery },
  responses: { 200: json(reactionSchema, 'Statuses, roads, cameras and local businesses'), 400: errors[400] },
})

export const reaction = new OpenAPIHono<AppEnv>({ defaultHook: hook }).openapi(
  createRoute({
    method: 'get',
    path: '/api/cities',
    summary: 'City search with the site’s ranking: exact, then prefix, then contains',
    request: { query: z.object({ city: z.string().max(100).openapi({ example: 'duv' }) }) },
    responses: {
      200: json(citiesSchema, 'Up to 10 cities; fewer than 2 characters gives an empty list'),
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

// Answered as ready JSON bytes built from stored views (server/lib/reaction.ts), so it is documented here and routed plainly.
reaction.openAPIRegistry.registerPath(reactionRoute)
reaction.get('/api/reaction', async (c) => {
  const query = c.req.query()
  // A test layer holds drafts: staff only (the table's testLayers). Anybody else gets the public layer,
  // so a signed-out browser with the test-layer setting on keeps working (docs/security.md).
  const asked = /^\d{1,2}$/.test(query['layer'] ?? '') && Number(query['layer']) > 0
  const dropped = asked && !policyOf((await currentCaller(c))?.role).testLayers
  if (dropped) delete query['layer']
  const response = await answerReaction(
    c,
    (raw) => {
      const parsed = reactionQuery.safeParse(raw)
      return parsed.success
        ? { ok: true, params: parsed.data }
        : { ok: false, response: c.json(invalidRequest(parsed.error, 'query'), 400) }
    },
    query,
  )
  // Not kept by shared caches: the same address gives staff their layer.
  if (dropped) response.headers.set('cache-control', 'private, no-store')
  return response
})
