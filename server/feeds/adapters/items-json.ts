// A feed already in Porchlight's item shape: { "items": [FeedItem, …] } (another instance's export, a script's output,
// and the engine's own tests and bench). Each record is checked; a bad one is skipped and counted, never stored.
import { z } from 'zod'
import { ASPECTS, PRIORITIES } from '../../../src/lib/items.ts'
import type { Decode, FeedItem } from '../types.ts'

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])
const geometry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position).min(4)).min(1) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(position).min(4)).min(1)).min(1) }),
  z.object({ type: z.literal('LineString'), coordinates: z.array(position).min(2) }),
  z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(position).min(2)).min(1) }),
  z.object({ type: z.literal('Point'), coordinates: position }),
  z.object({ type: z.literal('MultiPoint'), coordinates: z.array(position).min(1) }),
])
const text = z.string().max(10_000).nullable().default(null)
const time = z.iso.datetime({ offset: true }).nullable().default(null)

const itemSchema = z.object({
  sourceId: z.string().min(1).max(300),
  aspect: z.enum(ASPECTS),
  title: z.string().min(1).max(500),
  priority: z.enum(PRIORITIES).default('Normal'),
  category: text,
  dataCategory: text,
  state: text,
  stateType: text,
  lines: z.array(z.string().max(5000)).max(50).default([]),
  link: text,
  image: text,
  specialData: z.string().max(100_000).nullable().default(null),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  areaMiles: z.number().min(0).max(500).default(10),
  geometry: geometry.nullable().default(null),
  zones: z.array(z.url()).max(500).optional(),
  startsAt: time,
  endsAt: time,
  attribution: z.object({ name: z.string().min(1).max(200), url: z.string().max(2000).nullable() }),
})

const MAX_ERRORS = 5

export const decodeItemsJson: Decode = (body) => {
  const document: unknown = JSON.parse(body)
  const records = (document as { items?: unknown } | null)?.items
  if (!Array.isArray(records)) throw new Error('Not an items-json feed: no "items" list')
  const items: FeedItem[] = []
  const errors: string[] = []
  let skipped = 0
  for (const [index, record] of records.entries()) {
    const parsed = itemSchema.safeParse(record)
    if (parsed.success) items.push(parsed.data as FeedItem)
    else {
      skipped++
      const issue = parsed.error.issues[0]!
      if (errors.length < MAX_ERRORS) errors.push(`items[${index}].${issue.path.join('.')}: ${issue.message}`)
    }
  }
  return { items, skipped, errors }
}
