// The public item says when a feed item starts and ends (startsAt, endsAt), and migration 016 adds them to stored views.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemTimes } from '../../server/db/migrations/016-item-times.ts'
import { storeFeedItems } from '../../server/feeds/store.ts'
import { backends } from './backends.ts'
import { feedItem } from './feeds-fake.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

const T0 = new Date('2026-11-22T12:00:00.000Z')
const START = '2026-11-24T05:00:00.000Z'
const END = '2026-11-27T14:00:00.000Z'

type Shown = { id: number; title: string; startsAt?: string | null; endsAt?: string | null }

describe.each(await backends())('item times on $name', (backend) => {
  let api: Harness
  let point = 0
  const statuses = async (): Promise<Shown[]> => {
    point++
    const answer = await api.send('GET', `/api/reaction?lat=${(47.7423 + point / 100_000).toFixed(5)}&lon=-121.9857`)
    expect(answer.status).toBe(200)
    return answer.body.statuses.messages as Shown[]
  }

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
    api.clock.now = T0
  })
  afterAll(() => api.close())

  it('carries a feed item’s start and end in the reaction and the public item', async () => {
    await storeFeedItems(
      api.store.db,
      'test-feed',
      [feedItem('pending', { startsAt: START, endsAt: END }), feedItem('open-ended')],
      T0,
      { removeMissing: true },
    )
    const shown = await statuses()
    expect(shown.find((item) => item.title === 'Alert pending')).toMatchObject({ startsAt: START, endsAt: END })
    expect(shown.find((item) => item.title === 'Alert open-ended')).toMatchObject({ startsAt: null, endsAt: null })
    const id = shown.find((item) => item.title === 'Alert pending')!.id
    expect((await api.send('GET', `/items/${id}`)).body).toMatchObject({ startsAt: START, endsAt: END })
  })

  it('gives staff-made items no times', async () => {
    const admin = (await api.signIn('superadmin')).token
    const made = await api.send('POST', '/items', { token: admin, body: duvallItem({ title: 'School closed' }) })
    expect(made.status).toBe(201)
    const item = (await statuses()).find((each) => each.title === 'School closed')
    expect(item).toMatchObject({ startsAt: null, endsAt: null })
  })

  it('016 rebuilds the stored views of items with times, and leaves the others', async () => {
    const rows = await api.store.db.selectFrom('items').select(['id', 'title', 'view', 'expires_at']).execute()
    const timed = rows.find((row) => row.expires_at !== null)!
    const plain = rows.find((row) => row.title === 'School closed')!
    // Views as migrations before 016 wrote them.
    for (const row of [timed, plain]) {
      const { startsAt: _, endsAt: __, ...old } = JSON.parse(row.view) as Record<string, unknown>
      await api.store.db
        .updateTable('items')
        .set({ view: JSON.stringify(old) })
        .where('id', '=', row.id)
        .execute()
    }
    await itemTimes.up(api.store.db as never)
    const after = await api.store.db.selectFrom('items').select(['id', 'view']).where('id', 'in', [timed.id, plain.id]).execute()
    const view = (id: number) => JSON.parse(after.find((row) => row.id === id)!.view) as Record<string, unknown>
    expect(view(timed.id)).toMatchObject({ startsAt: START, endsAt: END })
    expect(view(plain.id)).not.toHaveProperty('endsAt')
  })
})
