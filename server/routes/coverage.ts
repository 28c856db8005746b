// GET /api/coverage: per state and section, which sources cover it and how healthy each is now. Public and cacheable:
// it says what the feed-health panel says, without errors, addresses or keys.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi'
import type { Db } from '../db/index.ts'
import { listedRegistryRows } from '../db/queries/feed-registry.ts'
import { feedRows } from '../db/queries/feeds.ts'
import { errorBody } from '../../src/lib/errors.ts'
import type { AppEnv } from '../env.ts'
import { loadFeedsConfig } from '../feeds/config.ts'
import { businessHealth } from '../feeds/overpass/health.ts'
import { businessFetcher } from '../feeds/overpass/start.ts'
import { registryFeeds } from '../feeds/registry.ts'
import { countFeedItems } from '../feeds/store.ts'
import { coverage, forState, stateCodeOf, type CoverageAnswer, type ListedRow } from '../lib/coverage.ts'
import { hook } from '../lib/hook.ts'
import { errors, json } from '../schemas.ts'

/** Health changes by the minute at most; one answer per instance a minute keeps the page cheap to ask. */
export const COVERAGE_TTL_MS = 60_000

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

type Kept = { at: number; answer: Promise<CoverageAnswer> }
const kept = new WeakMap<Db, Kept>()

async function build(db: Db, now: Date): Promise<CoverageAnswer> {
  // Read on each build, as the feed-health panel does, so the answer follows the configuration the engine runs.
  const config = loadFeedsConfig()
  const [rows, counts, listed, registry] = await Promise.all([
    feedRows(db),
    countFeedItems(db),
    registryFeeds(db, config),
    listedRegistryRows(db),
  ])
  const rowsById = new Map<string, ListedRow>()
  for (const stored of registry) {
    try {
      const row = JSON.parse(stored.row) as Partial<ListedRow>
      rowsById.set(stored.id, { state: row.state ?? null, active: row.active !== false, unsupported: row.unsupported ?? null })
    } catch {
      // A row that does not parse is left out of the registry's feeds too (server/feeds/registry.ts).
    }
  }
  const businesses = await businessHealth(db, businessFetcher(db), now)
  return coverage({
    feeds: [...config.feeds, ...listed.feeds],
    listed: rowsById,
    rows,
    counts,
    businesses,
    env: process.env,
    now,
  })
}

/** The full answer, built at most once a minute per database; a failed build is not kept. */
function answerFor(db: Db, now: Date): Promise<CoverageAnswer> {
  const known = kept.get(db)
  if (known && now.getTime() - known.at < COVERAGE_TTL_MS && now.getTime() >= known.at) return known.answer
  const answer = build(db, now)
  kept.set(db, { at: now.getTime(), answer })
  answer.catch(() => kept.delete(db))
  return answer
}

export const coverageRoutes = new OpenAPIHono<AppEnv>({ defaultHook: hook }).openapi(
  createRoute({
    method: 'get',
    path: '/api/coverage',
    summary: 'Which sources cover each state and section, and how healthy each is now (public, cached a minute)',
    request: { query: coverageQuery },
    responses: { 200: json(coverageSchema, 'Sources, the nationwide ones, and each state’s own'), 400: errors[400] },
  }),
  async (c) => {
    const answer = await answerFor(c.var.deps.store.db, c.var.deps.now())
    const state = c.req.valid('query').state
    const code = state ? stateCodeOf(state) : null
    if (state && (!code || code === 'us')) return c.json({ ...errorBody('bad_request'), error: `Unknown state: ${state}` }, 400)
    c.header('Cache-Control', 'public, max-age=60')
    return c.json(code ? forState(answer, code) : answer, 200)
  },
)
