// A 500-mile area near the pole is saved quickly into a handful of grid rows and still reached from everywhere in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

describe.each(await backends())('large areas on $name', (backend) => {
  let api: Harness
  let admin: string
  beforeAll(async () => {
    api = await startHarness(backend)
    admin = (await api.signIn('superadmin')).token
  })
  afterAll(() => api.close())

  it('files a polar 500-mile item under at most 135 cells, fast, and finds it across the cap', async () => {
    const started = performance.now()
    const created = await api.send('POST', '/items', {
      token: admin,
      body: duvallItem({ title: 'Polar notice', lat: 89.9, lon: 0, areaMiles: 500 }),
    })
    const savedIn = performance.now() - started
    expect(created.status).toBe(201)
    expect(savedIn).toBeLessThan(500)
    const rows = await api.store.db
      .selectFrom('item_cells')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('item_id', '=', created.body.id)
      .executeTakeFirstOrThrow()
    expect(Number(rows.count)).toBeLessThanOrEqual(135)
    for (const [lat, lon] of [
      [89.5, 179],
      [85, -170],
      [84, 90],
    ]) {
      const answer = await api.send('GET', `/api/reaction?lat=${lat}&lon=${lon}`)
      expect(answer.body.statuses.messages.map((m: { title: string }) => m.title)).toContain('Polar notice')
    }
    const far = await api.send('GET', '/api/reaction?lat=70&lon=0')
    expect(far.body.statuses.messages).toEqual([])
  })

  it('still finds a town item from its own cell, and a 300-mile one from a coarse cell', async () => {
    await api.send('POST', '/items', { token: admin, body: duvallItem({ title: 'Town', areaMiles: 10 }) })
    await api.send('POST', '/items', {
      token: admin,
      body: duvallItem({ title: 'Region', lat: 45.5, lon: -122.6, areaMiles: 300 }),
    })
    const answer = await api.send('GET', '/api/reaction?lat=47.74&lon=-121.99')
    expect(answer.body.statuses.messages.map((m: { title: string }) => m.title).sort()).toEqual(['Region', 'Town'])
  })
})
