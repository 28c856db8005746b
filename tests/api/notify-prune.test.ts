import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pruneNotify } from '../../server/db/queries/notify-prune.ts'
import { notifyDb } from '../../server/db/queries/notify-tables.ts'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

describe.each(await backends())('notification retention on $name', (backend) => {
  let api: Harness
  beforeAll(async () => {
    api = await startHarness(backend)
  })
  afterAll(() => api.close())

  it('forgets what was told after the retention, idle subscriptions after a year, unconfirmed addresses after a week', async () => {
    const db = notifyDb(api.store.db)
    const old = '2025-01-01T00:00:00.000Z'
    const recent = '2026-11-20T00:00:00.000Z'
    const sub = (id: string, at: string, sent: string | null) => ({
      id,
      secret_hash: 'x',
      endpoint: `https://push.example/${id}`,
      p256dh: 'k',
      auth: 'a',
      lang: 'en',
      created_at: at,
      updated_at: at,
      last_sent_at: sent,
    })
    await db
      .insertInto('push_subscriptions')
      .values([sub('idle', old, null), sub('active', old, recent)])
      .execute()
    await db
      .insertInto('push_told')
      .values([
        { subscription_id: 'active', item_id: 1, version: 'a', place: 'wa/duvall', created_at: old, sent_at: old },
        { subscription_id: 'active', item_id: 2, version: 'a', place: 'wa/duvall', created_at: recent, sent_at: recent },
      ])
      .execute()
    const email = (id: string, confirmed: string | null, at: string) => ({
      id,
      email: `${id}@example.org`,
      place: 'wa/duvall',
      lat: 47.7,
      lon: -122,
      timezone: 'America/Los_Angeles',
      sections: 'statuses',
      min_rank: 3,
      mode: 'instant',
      lang: 'en',
      token_hash: 'x',
      confirmed_at: confirmed,
      created_at: at,
      last_sent_at: null,
      claimed_until: null,
      claimed_by: null,
    })
    await db
      .insertInto('email_subscriptions')
      .values([email('stale', null, old), email('fresh', null, recent), email('kept', old, old)])
      .execute()
    expect(await pruneNotify(api.store.db, new Date('2026-11-22T12:00:00Z'), 30)).toEqual({
      told: 1,
      subscriptions: 1,
      unconfirmed: 1,
    })
    expect((await db.selectFrom('push_subscriptions').select('id').execute()).map((row) => row.id)).toEqual(['active'])
    expect((await db.selectFrom('push_told').select('item_id').execute()).map((row) => row.item_id)).toEqual([2])
    expect((await db.selectFrom('email_subscriptions').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([
      'fresh',
      'kept',
    ])
  })
})
