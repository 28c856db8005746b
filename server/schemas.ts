// Response shapes for the OpenAPI document (request shapes sit beside their routes).
import { z } from '@hono/zod-openapi'
import { ERRORS, type ErrorCode } from '../src/lib/errors.ts'
import * as shape from '../src/lib/api/shape.ts'
import {
  DATA_ANSWER_FIELDS,
  ITEM_ANSWER_FIELDS,
  nullableText as answerNullableText,
  textList,
} from '../src/lib/item-answer-fields.ts'
import { STAFF_ANSWER_FIELDS } from '../src/lib/item-staff-fields.ts'

const nullableText = z.string().nullable()

const errorCode = z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]])
const errorParams = z.record(z.string(), z.string()).optional()
/**
 * Every failure: the English text, its code (src/lib/errors.ts, docs/api.md) and the values of its
 * placeholders; several problems (an item's validation) are all listed in `problems`.
 */
export const errorSchema = z
  .object({
    error: z.string(),
    code: errorCode,
    params: errorParams,
    problems: z.array(z.object({ code: errorCode, params: errorParams })).optional(),
  })
  .openapi('Error')

/** The zod schema of each answer check the item fields use (src/lib/item-answer-fields.ts). */
const ZOD_OF_CHECK = new Map<shape.Check<unknown>, z.ZodType>([
  [shape.int, z.number().int()],
  [shape.number, z.number()],
  [shape.boolean, z.boolean()],
  [shape.text, z.string()],
  [answerNullableText, nullableText],
  [textList, z.array(z.string())],
])
/** The zod type of a shape.ts check (a whole number's is a number's: both infer `number`). */
type ZodOf<C> =
  C extends shape.Check<infer T>
    ? [T] extends [boolean]
      ? z.ZodBoolean
      : [T] extends [number]
        ? z.ZodNumber
        : [T] extends [string[]]
          ? z.ZodArray<z.ZodString>
          : [T] extends [string]
            ? z.ZodString
            : z.ZodNullable<z.ZodString>
    : never

/** The item fields' schemas, from their answer checks, in their order. */
function zodFields<F extends Record<string, shape.Check<unknown>>>(fields: F): { -readonly [K in keyof F]: ZodOf<F[K]> } {
  return Object.fromEntries(
    Object.entries(fields).map(([name, check]) => {
      const schema = ZOD_OF_CHECK.get(check)
      if (!schema) throw new Error(`server/schemas.ts: no schema for the answer check of item field ${name}`)
      return [name, schema]
    }),
  ) as { -readonly [K in keyof F]: ZodOf<F[K]> }
}

const flat = zodFields(ITEM_ANSWER_FIELDS)
/** Fields the public Alert item and the staff record both have, flat; two described beyond their type. */
const itemFields = {
  ...flat,
  lat: flat.lat.openapi({ description: 'Where the item is (beyond the SPEC: the roads map needs it)' }),
  pageName: flat.pageName.openapi({
    description: 'The page route the item belongs to (beyond the SPEC: edit controls ask canEdit)',
  }),
}

/** Fields the Alert item keeps under `data` and the staff record keeps flat. */
const dataFields = zodFields(DATA_ANSWER_FIELDS)

export const alertItemSchema = z
  .object({
    ...itemFields,
    data: z.object(dataFields),
    distance: z.number().openapi({ description: 'Miles from the asked point (to its geometry when it has one)' }),
    source: z
      .object({ name: z.string(), url: nullableText })
      .nullable()
      .optional()
      .openapi({ description: 'Who published a feed item (shown beside it); null for staff-made items' }),
    startsAt: nullableText.optional().openapi({
      description: 'When it starts (ISO 8601 UTC), for a feed item that says so: a pending work zone, a future alert',
    }),
    endsAt: nullableText.optional().openapi({ description: 'When it ends (ISO 8601 UTC); past it the item leaves the answer' }),
    path: z.array(z.string()).optional().openapi({
      description:
        'A road item’s segment for the map: encoded polylines (Google’s format, precision 5, lat before lon), one per line, at most 64 points in all; absent when the item has no line',
    }),
  })
  .openapi('AlertItem')

/** GET /items/{id} for anybody but the staff who may edit it: the reaction's public item, without a distance. */
export const publicItemSchema = alertItemSchema.omit({ distance: true }).openapi('PublicItem')

const missingSource = z.object({
  name: z.string().openapi({ description: 'The publisher (its sources are one line: Caltrans’ 12 districts)' }),
  sources: z.number().int().openapi({ description: 'Its running sources that cover the place' }),
  failing: z.number().int(),
  stale: z.number().int(),
  waiting: z.number().int().openapi({ description: 'Not run yet since the server started' }),
  lastSuccessAt: z.string().nullable().openapi({ description: 'The newest last success among them' }),
})
const sectionHealth = z
  .object({
    status: z.enum(['ok', 'partial', 'down', 'none']).openapi({
      description:
        'ok: every source covering the place answered; partial: some did not; down: none did; none: no source covers it',
    }),
    missing: z.array(missingSource).openapi({ description: 'The publishers whose sources did not answer' }),
  })
  .openapi('SectionHealth')
const section = z.object({
  messages: z.array(alertItemSchema),
  health: sectionHealth
    .optional()
    .openapi({ description: 'Whether the sources that cover the place answered (absent from answers before 2026-12)' }),
})
export const reactionSchema = z
  .object({ statuses: section, roads: section, cameras: section, local: section })
  .openapi('Reaction')

export const itemRecordSchema = z
  .object({
    ...itemFields,
    ...dataFields,
    ...zodFields(STAFF_ANSWER_FIELDS),
    fetchError: nullableText,
    nextFetchAt: nullableText,
    hasEditKey: z.boolean(),
    isDemo: z.boolean(),
    feedId: nullableText.optional().openapi({ description: 'The feed the item came from (server/feeds), or null' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('ItemRecord')

/** One feed's health, for the editor's feed-health panel (GET /api/feeds). */
export const feedHealthSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    adapter: z.string(),
    enabled: z.boolean(),
    schedule: z.number().int().openapi({ description: 'Seconds between runs when healthy' }),
    lastRunAt: nullableText,
    lastSuccessAt: nullableText,
    lastError: nullableText,
    lastErrorAt: nullableText,
    itemCount: z.number().int(),
    nextRunAt: nullableText,
    failures: z.number().int().openapi({ description: 'Failed runs in a row (0 when the last run worked)' }),
    stale: z.boolean().openapi({ description: 'Its items are older than the stale threshold (shown as old)' }),
    attribution: z.object({ name: z.string(), url: nullableText }),
    withheld: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'Items the last run held back: alerts waiting for their zone shapes (scheduled feeds)' }),
    skipped: z.number().int().optional().openapi({ description: 'Bad records the last decoded run skipped (scheduled feeds)' }),
    leftOut: z.record(z.string(), z.number().int()).optional().openapi({
      description:
        'Items the last run left out on purpose, per reason: ended, test, cancel, replaced (by an Update), duplicate (shown by another feed), zones (waiting for zone shapes; lastError names them)',
    }),
    requestsToday: z.number().int().optional().openapi({ description: 'Business fetcher (osm) only: Overpass requests today' }),
    dailyBudget: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'Business fetcher (osm) only: requests allowed per UTC day' }),
    areas: z.number().int().optional().openapi({ description: 'Business fetcher (osm) only: areas with stored businesses' }),
  })
  .openapi('FeedHealth')
/** The NWS zone shapes kept for zone-coded alerts (feed_zones; server/feeds/zones.ts). */
export const zonesHealthSchema = z
  .object({
    kept: z.number().int().openapi({ description: 'Zone shapes kept (each fetched once, then conditionally every week)' }),
    unavailable: z.number().int().openapi({ description: 'Zones named by alerts whose shape could not be fetched yet' }),
    versioned: z.number().int().openapi({ description: 'Kept zones whose NWS version (effectiveDate) is known' }),
    newestVersion: nullableText.openapi({ description: 'The latest effectiveDate among kept zones' }),
    oldestFetchedAt: nullableText.openapi({ description: 'When the least recently fetched kept shape was fetched' }),
  })
  .openapi('ZonesHealth')
export const feedsSchema = z
  .object({
    feeds: z.array(feedHealthSchema),
    zones: zonesHealthSchema.optional().openapi({ description: 'Once an alert has named an NWS zone' }),
  })
  .openapi('Feeds')
/** POST /api/feeds/{id}/run: what the run did, and the feed's health after it. */
export const feedRunSchema = z
  .object({
    run: z.object({
      state: z.enum(['stored', 'not-modified', 'failed']),
      added: z.number().int(),
      changed: z.number().int(),
      removed: z.number().int(),
      skipped: z.number().int(),
      withheld: z.number().int(),
      error: nullableText,
    }),
    feed: feedHealthSchema,
  })
  .openapi('FeedRun')

export const userSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    provider: z.string(),
    role: z.number().int().openapi({ description: 'EntityType: 0 none, 1 admin, 2 page, 3 superadmin, 4 area, 5 one' }),
    roleName: z.string(),
    itemId: z.number().int().nullable(),
    pageName: nullableText,
    cityName: nullableText,
    createdAt: z.string(),
    lastLoginAt: nullableText,
  })
  .openapi('User')

export const sessionSchema = z.object({ token: z.string(), user: userSchema }).openapi('Session')
export const okSchema = z.object({ ok: z.literal(true), message: z.string().optional() }).openapi('Ok')

// Answers that have no OpenAPI component name: named here so that the browser's types derive from them too
// (src/lib/api/types.ts); they stay unnamed in the document, as they were inline in their routes.

/** GET /admin/users: a page of users. */
export const userListSchema = z.object({ users: z.array(userSchema), total: z.number().int() })
/** GET /items: a page of item records. */
export const itemListSchema = z.object({ items: z.array(itemRecordSchema), total: z.number().int() })
/** POST /items/{id}/edit-key: the new key, shown once, and its sign-in link. */
export const editKeySchema = z.object({
  editKey: z.string(),
  loginPath: z.string(),
  expiresAt: z.string().openapi({ description: 'When the key stops opening the item (OWNER_KEY_DAYS, default 30 days)' }),
})
/** GET /api/login: a token of role one for the item whose edit key was given. */
export const keySessionSchema = z.object({ token: z.string(), itemId: z.number().int() })
/** POST /auth/github/token: the GitHub access token for a code. */
export const githubTokenSchema = z.object({ accessToken: z.string() })
/** POST /api/assistant: the model's plain-text answer. */
export const assistantAnswerSchema = z.object({ answer: z.string() })
/** GET /api/assistant: whether a model is configured. */
export const assistantStatusSchema = z.object({ configured: z.boolean() })
/** GET /api/cities: up to 10 cities. */
export const citiesSchema = z.array(
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
)
/** The manage family's answer: the legacy PascalCase record and the public Alert item. */
export const manageAnswerSchema = z
  .object({
    record: z.record(z.string(), z.unknown()).openapi({ description: 'ItemRecord with PascalCase keys' }),
    item: alertItemSchema,
  })
  .openapi('ManageAnswer')

/** JSON content of a schema, for createRoute's responses. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})

export const errors = {
  400: json(errorSchema, 'Invalid input'),
  401: json(errorSchema, 'Not signed in'),
  403: json(errorSchema, 'Not allowed'),
  404: json(errorSchema, 'Not found'),
}

/** Largest id: ids are 32-bit integers on PostgreSQL, so a larger one is refused (400) before it reaches a query. */
export const MAX_ID = 2_147_483_647

/** An id in a request body: a whole number from 1 to MAX_ID. */
export const idNumber = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_ID, `must be at most ${MAX_ID}`)

export const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .refine((id) => id <= MAX_ID, `must be at most ${MAX_ID}`)
    .openapi({ param: { name: 'id', in: 'path' }, example: '12' }),
})
