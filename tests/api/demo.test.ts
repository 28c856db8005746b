// The Duvall demo set: what a fresh database gets, that it is seeded once, and that removing it is final.
import { tmpdir } from 'node:os'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { removeDemo, seedDemo } from '../../server/db/demo/index.ts'
import { openDatabase, type Db } from '../../server/db/index.ts'
import { insertItem } from '../../server/db/queries/items.ts'
import type { ItemRow } from '../../server/db/schema.ts'
import { ASPECTS, PRIORITIES } from '../../src/lib/items.ts'

const STATE_WORDS = 'open closed blocked normal active inactive pending completed cancelled unknown outdated'.split(' ')
const ALERT_CATEGORIES = ['traffic', 'school', 'services', 'weather', 'local', 'other']
const BUSINESS_CATEGORIES = ['eatery', 'retail', 'service', 'health', 'entertainment', 'professional', 'other']
/** The SPEC's local business special data fields, in its order. */
const SPECIAL_KEYS = [
  ...'category title service description phone address lat lon web fb menu ordering image hoursText'.split(' '),
  ...'hoursM hoursTu hoursW hoursTh hoursF hoursSa hoursSu _Notes _Log'.split(' '),
]
/** hoursM … hoursSu (not hoursText). */
const DAYS = SPECIAL_KEYS.filter((key) => /^hours[A-Z][a-z]?$/.test(key))
/** The documented day format: 'closed', or HH:MM-HH:MM ranges (24:00 only as an end) joined by ', '. */
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d'
const RANGE = `${TIME}-(?:${TIME}|24:00)`
const DAY_HOURS = new RegExp(`^(?:closed|${RANGE}(?:, ${RANGE})*)$`)

type RoadGroup = { Title: string; Distance: number; Items: Record<string, unknown>[] }

let db: Db
const NOW = new Date('2026-01-15T17:00:00.000Z')

beforeEach(async () => {
  ;({ db } = await openDatabase(':memory:', tmpdir()))
})

afterEach(async () => {
  await db.destroy()
})

const allItems = (): Promise<ItemRow[]> => db.selectFrom('items').selectAll().orderBy('id').execute()
const ofAspect = (rows: ItemRow[], aspect: string) => rows.filter((row) => row.data_aspect === aspect)
const cellCount = async (): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('item_cells')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('seedDemo', () => {
  it('fills every section of a fresh database with labelled Duvall demo items', async () => {
    const inserted = await seedDemo(db, NOW)
    const rows = await allItems()
    expect(inserted).toBe(rows.length)
    for (const aspect of ASPECTS) expect(ofAspect(rows, aspect).length, aspect).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.title.startsWith('[Demo] '), row.title).toBe(true)
      expect(row).toMatchObject({ is_demo: 1, is_active: 1, layer: 0, data_property: 'manager' })
      expect(row.page_name).toBe(`wa/${row.city_name?.toLowerCase()}`)
      expect(PRIORITIES).toContain(row.priority)
      expect(STATE_WORDS).toContain(row.state)
      expect(row.created_at).toBe(NOW.toISOString())
      expect(Date.parse(row.retrieved ?? '')).toBeLessThan(NOW.getTime())
      expect(Date.parse(row.value_changed ?? '')).toBeLessThan(Date.parse(row.retrieved ?? ''))
      const lines = JSON.parse(row.lines) as unknown
      expect(Array.isArray(lines) && lines.length > 0 && lines.every((line) => typeof line === 'string')).toBe(true)
      expect(JSON.parse(row.classes)).toEqual([])
      // Within 30 miles of Duvall's default location.
      expect(Math.abs(row.lat - 47.74232)).toBeLessThan(0.45)
      expect(Math.abs(row.lon + 121.98568)).toBeLessThan(0.6)
    }
    const duvall = rows.filter((row) => row.city_name === 'Duvall')
    expect(duvall.length).toBeGreaterThan(rows.length / 2)
    const cellsPerItem = await db.selectFrom('item_cells').select('item_id').distinct().execute()
    expect(cellsPerItem).toHaveLength(rows.length)
  })

  it('has exactly one critical status and alert categories on every status', async () => {
    await seedDemo(db, NOW)
    const statuses = ofAspect(await allItems(), 'statuses')
    expect(statuses.filter((row) => row.priority === 'Critical')).toHaveLength(1)
    expect(statuses.some((row) => row.priority === 'Urgent')).toBe(true)
    for (const row of statuses) {
      expect(ALERT_CATEGORIES).toContain(row.data_category)
      expect(row.link).toMatch(/^https:\/\//)
    }
  })

  it('gives cameras an image, a page and a described location', async () => {
    await seedDemo(db, NOW)
    for (const row of ofAspect(await allItems(), 'cameras')) {
      expect(row.image).toMatch(/^https:\/\/.+\.jpg$/)
      expect(row.link).toMatch(/^https:\/\//)
      expect(row).toMatchObject({ icon: 'camera', data_link_type: 'image', area_miles: 15 })
      expect(row.location).toMatch(/looking (north|south|east|west)/)
    }
  })

  it('gives roads SPEC road special data with one critical road line', async () => {
    await seedDemo(db, NOW)
    const roads = ofAspect(await allItems(), 'roads')
    const lines = roads.flatMap((row) => {
      expect(row.area_miles).toBeGreaterThanOrEqual(15)
      expect(row.area_miles).toBeLessThanOrEqual(25)
      const groups = JSON.parse(row.special_data ?? '') as RoadGroup[]
      expect(groups.length).toBeGreaterThan(0)
      for (const group of groups) {
        expect(typeof group.Title).toBe('string')
        expect(typeof group.Distance).toBe('number')
      }
      return groups.flatMap((group) => group.Items)
    })
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(['Description', 'Distance', 'Priority', 'State', 'StateType', 'Title'])
      expect(PRIORITIES).toContain(line['Priority'])
    }
    expect(lines.filter((line) => line['State'] === 'critical')).toHaveLength(1)
    expect(lines.some((line) => /^(North|South|East|West)bound:/.test(String(line['Title'])))).toBe(true)
  })

  it('gives every business SPEC local special data with a full week of hours', async () => {
    await seedDemo(db, NOW)
    const businesses = ofAspect(await allItems(), 'local')
    expect(DAYS).toHaveLength(7)
    for (const row of businesses) {
      const special = JSON.parse(row.special_data ?? '') as Record<string, unknown>
      expect(Object.keys(special)).toEqual(SPECIAL_KEYS)
      expect(BUSINESS_CATEGORIES).toContain(special['category'])
      expect(row.data_category).toBe(special['category'])
      expect(special).toMatchObject({ title: row.title, lat: row.lat, lon: row.lon, web: row.link })
      for (const day of DAYS) expect(special[day], `${row.title} ${day}`).toMatch(DAY_HOURS)
      const services = String(special['service']).split(', ').filter(Boolean)
      for (const service of services) expect(['dine-in', 'take-out', 'delivery', 'catering']).toContain(service)
    }
    const days = businesses.flatMap((row) => {
      const special = JSON.parse(row.special_data ?? '') as Record<string, string>
      return DAYS.map((day) => special[day] ?? '')
    })
    // The demo shows each shape of the format: closed days, split days, past midnight and all day.
    expect(days).toContain('closed')
    expect(days.some((day) => day.includes(', '))).toBe(true)
    expect(days.some((day) => /-0[0-4]:\d\d$/.test(day))).toBe(true)
    expect(days).toContain('00:00-24:00')
  })

  it('inserts nothing the second time', async () => {
    const first = await seedDemo(db, NOW)
    expect(await seedDemo(db, NOW)).toBe(0)
    expect(await allItems()).toHaveLength(first)
    expect(await db.selectFrom('meta').selectAll().where('key', '=', 'demo').execute()).toEqual([
      { key: 'demo', value: 'seeded' },
    ])
  })
})

describe('removeDemo', () => {
  it('removes every demo item and its grid cells, keeps other items, and is never undone by a later seed', async () => {
    const seeded = await seedDemo(db, NOW)
    const stamp = NOW.toISOString()
    const keptId = await insertItem(db, {
      data_aspect: 'statuses',
      data_property: 'manager',
      priority: 'Normal',
      title: 'Real notice',
      lat: 47.74,
      lon: -121.98,
      area_miles: 10,
      created_at: stamp,
      updated_at: stamp,
    })
    const keptCells = await db.selectFrom('item_cells').select('cell').where('item_id', '=', keptId).execute()
    expect(keptCells.length).toBeGreaterThan(0)

    expect(await removeDemo(db)).toBe(seeded)
    const rows = await allItems()
    expect(rows.map((row) => row.id)).toEqual([keptId])
    expect(await cellCount()).toBe(keptCells.length)
    expect(await db.selectFrom('meta').select('value').where('key', '=', 'demo').executeTakeFirst()).toEqual({
      value: 'removed',
    })

    expect(await seedDemo(db, NOW)).toBe(0)
    expect(await allItems()).toHaveLength(1)
    expect(await removeDemo(db)).toBe(0)
  })

  it('marks a never-seeded database so the demo set never arrives', async () => {
    expect(await removeDemo(db)).toBe(0)
    expect(await seedDemo(db, NOW)).toBe(0)
    expect(await allItems()).toHaveLength(0)
  })
})
