import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Store } from '../../server/db/index.ts'
import { viewOwner } from '../../server/db/migrations/002-view-owner.ts'
import { publicViews } from '../../server/db/migrations/004-public-views.ts'
import { roadPaths } from '../../server/db/migrations/024-road-paths.ts'
import { zoneVersions } from '../../server/db/migrations/025-zone-versions.ts'
import { roadLines } from '../../src/lib/live/road-path.ts'
import { insertItem } from '../../server/db/queries/items.ts'
import { backends } from './backends.ts'

describe.each(await backends())('migrations on $name', (backend) => {
  let store: Store
  let drop: () => Promise<void>
  beforeAll(async () => {
    const fresh = await backend.fresh()
    drop = fresh.drop
    store = await openDatabase(fresh.url, '.build/unused')
  })
  afterAll(async () => {
    await store.db.destroy()
    await drop()
  })

  it('002 rebuilds every stored public view with the item’s page and city', async () => {
    const now = new Date().toISOString()
    const base = {
      data_aspect: 'statuses',
      title: 'Old view',
      lat: 47.74,
      lon: -121.98,
      area_miles: 10,
      created_at: now,
      updated_at: now,
    }
    const ids = []
    for (let index = 0; index < 3; index++)
      ids.push(await insertItem(store.db, { ...base, title: `Old view ${index}`, page_name: 'wa/duvall', city_name: 'Duvall' }))
    // Views as 001 wrote them: without pageName and cityName.
    for (const id of ids)
      await store.db
        .updateTable('items')
        .set({ view: JSON.stringify({ id, title: 'stale' }) })
        .where('id', '=', id)
        .execute()
    await viewOwner.up(store.db as never)
    const rows = await store.db.selectFrom('items').select(['id', 'view']).where('id', 'in', ids).execute()
    for (const row of rows)
      expect(JSON.parse(row.view)).toMatchObject({
        id: row.id,
        pageName: 'wa/duvall',
        cityName: 'Duvall',
        title: expect.stringMatching(/^Old view/),
      })
  })

  it('004 takes the status template out of every stored public view', async () => {
    const now = new Date().toISOString()
    const template = JSON.stringify({ source: 'text', url: 'https://schools.example.org/status?key=SECRET', rules: [] })
    const id = await insertItem(store.db, {
      data_aspect: 'statuses',
      title: 'Templated',
      lat: 47.74,
      lon: -121.98,
      area_miles: 10,
      data_template: template,
      created_at: now,
      updated_at: now,
    })
    // A view as 001-003 wrote it: the template inside.
    const old = { id, title: 'Templated', data: { lines: [], dataTemplate: template, lockResultUntil: null } }
    await store.db
      .updateTable('items')
      .set({ view: JSON.stringify(old) })
      .where('id', '=', id)
      .execute()
    await publicViews.up(store.db as never)
    const row = await store.db
      .selectFrom('items')
      .select(['view', 'data_template'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.view).not.toContain('SECRET')
    expect(JSON.parse(row.view)).toMatchObject({ id, title: 'Templated', data: { dataTemplate: null } })
    expect(row.data_template).toBe(template)
  })

  it('024 gives stored road views with a line their segment, and leaves every other view as it was', async () => {
    const now = new Date().toISOString()
    const line = JSON.stringify({
      type: 'LineString',
      coordinates: [
        [-121.98, 47.74],
        [-121.97, 47.72],
        [-121.95, 47.7],
      ],
    })
    const base = { title: 'Before 024', lat: 47.74, lon: -121.98, area_miles: 10, created_at: now, updated_at: now }
    const road = await insertItem(store.db, { ...base, data_aspect: 'roads', geometry: line })
    const status = await insertItem(store.db, { ...base, data_aspect: 'statuses', geometry: line })
    const point = await insertItem(store.db, { ...base, data_aspect: 'roads' })
    const old = (id: number) => JSON.stringify({ id, title: 'Before 024' })
    for (const id of [road, status, point])
      await store.db
        .updateTable('items')
        .set({ view: old(id) })
        .where('id', '=', id)
        .execute()
    await roadPaths.up(store.db as never)
    const views = new Map(
      (await store.db.selectFrom('items').select(['id', 'view']).where('id', 'in', [road, status, point]).execute()).map(
        (row) => [row.id, row.view],
      ),
    )
    const { path, ...rest } = JSON.parse(views.get(road)!) as { path: string[] }
    expect(rest).toEqual({ id: road, title: 'Before 024' })
    // Lat before lon, as the map draws it.
    expect(roadLines(path)).toEqual([
      [
        [47.74, -121.98],
        [47.72, -121.97],
        [47.7, -121.95],
      ],
    ])
    expect(views.get(status)).toBe(old(status))
    expect(views.get(point)).toBe(old(point))
  })

  it('025 gives kept zone shapes a version, empty until their next fetch, and keeps their shapes', async () => {
    await zoneVersions.down!(store.db as never)
    const kept = {
      url: 'https://api.weather.gov/zones/county/MDC013',
      geometry: '{"type":"MultiPolygon","coordinates":[]}',
      error: null,
      fetched_at: '2026-11-20T00:00:00.000Z',
    }
    await store.db.insertInto('feed_zones').values(kept).execute()
    await zoneVersions.up(store.db as never)
    expect(await store.db.selectFrom('feed_zones').selectAll().execute()).toEqual([
      { ...kept, version: null, etag: null, last_modified: null },
    ])
  })
})
