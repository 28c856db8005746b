// The Duvall, WA demo set: seeded once into a fresh database so every section shows something, and removable.
import type { Aspect, Priority } from '../../../src/lib/items.ts'
import type { Db } from '../index.ts'
import { insertItem, type NewItem } from '../queries/items.ts'
import { DEMO_CAMERAS } from './cameras.ts'
import { DEMO_LOCAL } from './local.ts'
import { DEMO_ROADS } from './roads.ts'
import { DEMO_STATUSES } from './statuses.ts'

/** The state words of the SPEC's status vocabulary (section 3). */
export type DemoState =
  | 'open'
  | 'closed'
  | 'blocked'
  | 'normal'
  | 'active'
  | 'inactive'
  | 'pending'
  | 'completed'
  | 'cancelled'
  | 'unknown'
  | 'outdated'

/** A demo item as the data files write it; `toRow` fills in the columns every demo row shares. */
export type DemoSeed = {
  aspect: Aspect
  /** Alert category for statuses, business category for local items. */
  dataCategory?: string
  category: string
  priority: Priority
  stateType: string
  state: DemoState
  /** Already carries the '[Demo] ' prefix, so the data files read as what the visitor sees. */
  title: `[Demo] ${string}`
  lines: string[]
  lat: number
  lon: number
  /** The road segment a road entry covers, [lon, lat] positions (stored as a LineString geometry). */
  line?: [number, number][]
  areaMiles?: number
  /** A neighbour town; Duvall when absent. */
  city?: 'Carnation' | 'Monroe' | 'Redmond'
  status?: string
  location?: string
  link?: string
  image?: string
  icon?: string
  dataLinkType?: string
  /** Stored as JSON text in special_data. */
  special?: unknown
  /** How long ago the value was last fetched, in minutes; the value changed half an hour before that. */
  ago: number
}

/** Meta key that remembers the demo set was seeded (or removed), so it is never seeded twice. */
const META_KEY = 'demo'

const minutesBefore = (now: Date, minutes: number): string => new Date(now.getTime() - minutes * 60_000).toISOString()

function toRow(seed: DemoSeed, order: number, now: Date): NewItem & { area_miles: number } {
  const city = seed.city ?? 'Duvall'
  return {
    data_aspect: seed.aspect,
    data_property: 'manager',
    data_category: seed.dataCategory ?? null,
    category: seed.category,
    priority: seed.priority,
    state_type: seed.stateType,
    state: seed.state,
    title: seed.title,
    lines: JSON.stringify(seed.lines),
    classes: JSON.stringify([]),
    location: seed.location ?? null,
    status: seed.status ?? null,
    special_data: seed.special === undefined ? null : JSON.stringify(seed.special),
    image: seed.image ?? null,
    link: seed.link ?? null,
    icon: seed.icon ?? null,
    data_link_type: seed.dataLinkType ?? null,
    retrieved: minutesBefore(now, seed.ago),
    value_changed: minutesBefore(now, seed.ago + 30),
    is_active: 1,
    sort_order: order,
    area_miles: seed.areaMiles ?? 10,
    lat: seed.lat,
    lon: seed.lon,
    ...(seed.line ? { geometry: JSON.stringify({ type: 'LineString', coordinates: seed.line }) } : {}),
    page_name: `wa/${city.toLowerCase()}`,
    city_name: city,
    layer: 0,
    is_demo: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  }
}

/** Every demo item, section by section. */
export const DEMO_SEEDS: readonly DemoSeed[] = [...DEMO_STATUSES, ...DEMO_ROADS, ...DEMO_CAMERAS, ...DEMO_LOCAL]

/**
 * Seeds the demo set unless the meta table says it was seeded or removed before; returns the number inserted.
 * @example const inserted = await seedDemo(db) // 0 on every start after the first
 */
export async function seedDemo(db: Db, now = new Date()): Promise<number> {
  // Claiming the key first means two servers starting on one database cannot both seed.
  const claim = await db
    .insertInto('meta')
    .values({ key: META_KEY, value: 'seeding' })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst()
  if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return 0
  // insertItem opens its own transaction (Kysely cannot nest them), so a failure is undone by hand instead.
  try {
    const orders = new Map<string, number>()
    for (const seed of DEMO_SEEDS) {
      const order = orders.get(seed.aspect) ?? 0
      orders.set(seed.aspect, order + 1)
      await insertItem(db, toRow(seed, order, now))
    }
  } catch (error) {
    await db.deleteFrom('items').where('is_demo', '=', 1).execute()
    await db.deleteFrom('meta').where('key', '=', META_KEY).execute()
    throw error
  }
  await db.updateTable('meta').set({ value: 'seeded' }).where('key', '=', META_KEY).execute()
  return DEMO_SEEDS.length
}

/**
 * Deletes every demo item and marks the set removed so the next start does not seed it again.
 * @example console.log(`Removed ${await removeDemo(db)} demo items.`)
 */
export async function removeDemo(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The cascade removes the grid cells too; deleting them first also covers a connection without foreign keys.
    await trx
      .deleteFrom('item_cells')
      .where('item_id', 'in', (eb) => eb.selectFrom('items').select('id').where('is_demo', '=', 1))
      .execute()
    const result = await trx.deleteFrom('items').where('is_demo', '=', 1).executeTakeFirst()
    await trx
      .insertInto('meta')
      .values({ key: META_KEY, value: 'removed' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'removed' }))
      .execute()
    return Number(result.numDeletedRows)
  })
}
