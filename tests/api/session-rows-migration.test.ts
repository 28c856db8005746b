import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Store } from '../../server/db/index.ts'
import { sessionRows } from '../../server/db/migrations/010-session-rows.ts'
import { sessionLive, spendRefreshToken } from '../../server/db/queries/sessions.ts'
import { createUser } from '../../server/db/queries/users.ts'
import { backends } from './backends.ts'

describe.each(await backends())('migration 010 on $name', (backend) => {
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

  it('turns every refresh token still in use into a session, so nobody is signed out by the upgrade', async () => {
    const { db } = store
    // Back to the tables as 009 left them.
    await db.schema.dropTable('sessions').execute()
    await db.schema.dropIndex('refresh_tokens_session').execute()
    await db.schema.alterTable('refresh_tokens').dropColumn('session_id').execute()
    await db.schema.alterTable('refresh_tokens').dropColumn('revoked_reason').execute()
    const now = '2026-11-22T12:00:00.000Z'
    const user = await createUser(
      db,
      { email: 'kept@example.org', name: 'Kept', provider: 'email', role: 1, passwordHash: null },
      now,
    )
    const token = (hash: string, revoked: string | null) =>
      sql`INSERT INTO refresh_tokens (user_id, token_hash, expires_at, revoked_at, created_at)
        VALUES (${user.id}, ${hash}, '2026-12-20T00:00:00.000Z', ${revoked}, ${now})`.execute(db)
    await token('live-hash', null)
    await token('spent-hash', now)
    await sessionRows.up(db as never)

    const rows = await db.selectFrom('refresh_tokens').select(['id', 'token_hash', 'session_id']).orderBy('id').execute()
    const live = rows.find((row) => row.token_hash === 'live-hash')!
    expect(live.session_id).toBe(`legacy-${live.id}`)
    expect(rows.find((row) => row.token_hash === 'spent-hash')!.session_id).toBeNull()
    expect(await sessionLive(db, live.session_id, user.id)).toBe(true)
    const rotation = { successorExpiresAt: '2026-12-21T00:00:00.000Z', now: new Date(now), graceSeconds: 30 }
    expect(await spendRefreshToken(db, { ...rotation, hash: 'live-hash', successorHash: 'next-hash' })).toMatchObject({
      state: 'ok',
      sessionId: live.session_id,
    })
    // A token revoked before the upgrade is refused, and signs nobody out.
    expect(await spendRefreshToken(db, { ...rotation, hash: 'spent-hash', successorHash: 'other-hash' })).toEqual({
      state: 'invalid',
    })
    expect(await sessionLive(db, live.session_id, user.id)).toBe(true)
  })
})
