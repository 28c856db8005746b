// GET /api/coverage: per state and section, which sources cover it and how healthy each is now. Public and cacheable:
// it says what the feed-health panel says, without errors, addresses or keys.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import { errorBody } from '../../src/lib/errors.ts'
import type { AppEnv } from '../env.ts'
import { coverageAnswer } from '../lib/coverage-answer.ts'
import { forState, stateCodeOf } from '../lib/coverage.ts'
import { hook } from '../lib/hook.ts'
import { errors, json } from '../schemas.ts'

const sections = z.enum(['statuses', 'roads', 'cameras', 'local'])
const ids = z.array(z.string())
const bySection = z.object({ statuses: ids, roads: ids, cameras: ids, local: ids })
const status = z.enum(['ok', 'waiting', 'stale', 'failing', 'off'])
const off = z.enum(['key', 'inactive', 'unsupported', 'disabled']).nullable()
const publisher = z.object({ name: z.string(), url: z.string().nullable() })
const source = z.object({
  id: z.string(),
  name: z.string(),
  section: sections,
  states: z
    .array(z.string())
    .openapi({ description: "Lower-case state codes; ['us'] for nationwide; [] when not tied to a state" }),
  status,
  off: off.openapi({
    description: 'Why a listed source does not run: key (not set here), inactive (at its publisher), unsupported, disabled',
  }),
  publisher,
  items: z.number().int().openapi({ description: 'Items it has now' }),
  lastSuccessAt: z.string().nullable(),
})

export const coverageSchema = z
  .object({
    generatedAt: z.string(),
    sources: z.array(source),
    registries: z.array(source.omit({ states: true, items: true })),
    national: bySection,
    states: z.array(z.object({ code: z.string(), name: z.string(), sections: bySection })),
    unplaced: ids,
  })
  .openapi('Coverage')

export const coverageQuery = z.object({
  state: z
    .string()
    .regex(/^[a-zA-Z]{2}$/, 'must be a two-letter state code')
    .optional()
    .openapi({ example: 'wa', description: 'Only this state (with the nationwide sources)' }),
})

export const coverageRoutes = new OpenAPIHono<AppEnv>({ defaultHook: hook }).openapi(
  createRoute({
    method: 'get',
    path: '/api/coverage',
    summary: 'Which sources cover each state and section, and how healthy each is now (public, cached a minute)',
    request: { query: coverageQuery },
    responses: { 200: json(coverageSchema, 'Sources, the nationwide ones, and each state’s own'), 400: errors[400] },
  }),
  async (c) => {
    const answer = await coverageAnswer(c.var.deps.store.db, c.var.deps.now())
    const state = c.req.valid('query').state
    const code = state ? stateCodeOf(state) : null
    if (state && (!code || code === 'us')) return c.json({ ...errorBody('bad_request'), error: `Unknown state: ${state}` }, 400)
    c.header('Cache-Control', 'public, max-age=60')
    return c.json(code ? forState(answer, code) : answer, 200)
  },
)
