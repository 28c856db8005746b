// Inputs the review found accepted or mishandled: half a place, a lock until 9999, ids beyond 32 bits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

describe.each(await backends())('input limits on $name', (backend) => {
  let api: Harness
  let admin: string
  let id: number
  beforeAll(async () => {
    api = await startHarness(backend)
    admin = (await api.signIn('superadmin')).token
    id = (await api.send('POST', '/items', { token: admin, body: duvallItem() })).body.id as number
  })
  afterAll(() => api.close())

  const save = (body: Record<string, unknown>) => api.send('POST', `/api/manage/${id}?t=${admin}`, { body })

  it('refuses Lat without Lon (and Lon without Lat), naming the missing field', async () => {
    const before = (await api.send('GET', `/items/${id}`, { token: admin })).body
    expect(await save({ Lat: 10 })).toMatchObject({ status: 400, body: { error: 'Lon is required when Lat is given' } })
    expect(await save({ Lon: 10 })).toMatchObject({ status: 400, body: { error: 'Lat is required when Lon is given' } })
    expect((await api.send('GET', `/items/${id}`, { token: admin })).body).toMatchObject({ lat: before.lat, lon: before.lon })
    expect(await save({ Lat: 47.5, Lon: -121.5 })).toMatchObject({ status: 200 })
    expect((await api.send('GET', `/items/${id}`, { token: admin })).body).toMatchObject({ lat: 47.5, lon: -121.5 })
  })

  it('caps a saved lock at the lock calls’ year', async () => {
    const far = await save({ LockResultUntil: '9999-12-31T00:00:00Z' })
    expect(far).toMatchObject({ status: 400, body: { error: 'LockResultUntil must be within 366 days' } })
    const create = await api.send('POST', '/items', {
      token: admin,
      body: duvallItem({ lockResultUntil: '9999-12-31T00:00:00Z' }),
    })
    expect(create.status).toBe(400)
    expect(await save({ LockResultUntil: '2026-12-22T12:00:00Z' })).toMatchObject({ status: 200 })
    const long = await api.send('POST', `/items/${id}/lock`, { token: admin, body: { duration: 400 * 86_400 } })
    expect(long.status).toBe(400)
  })

  it.each([
    '/items/2147483648',
    '/items/4294967296',
    '/items/9999999999',
    '/api/manage/4294967296',
    '/admin/users/4294967296/role',
  ])('answers 400, not 500, for %s', async (path) => {
    const method = path.endsWith('/role') ? 'POST' : 'GET'
    const answer = await api.send(method, path.startsWith('/api/manage') ? `${path}?t=${admin}` : path, {
      token: admin,
      ...(method === 'POST' ? { body: { role: 'admin' } } : {}),
    })
    expect(answer.status).toBe(400)
  })

  it('answers 400 for body ids beyond 32 bits', async () => {
    const user = await api.send('POST', '/admin/users', {
      token: admin,
      body: { email: 'one@example.org', name: 'One', role: 'one', itemId: 2 ** 40 },
    })
    expect(user.status).toBe(400)
    expect((await save({ Id: 2 ** 40, Title: 'x' })).status).toBe(400)
  })
})
