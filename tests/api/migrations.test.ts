import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Store } from '../../server/db/index.ts'
import { viewOwner } from '../../server/db/migrations/002-view-owner.ts'
import { publicViews } from '../../server/db/migrations/004-public-views.ts'
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
})
