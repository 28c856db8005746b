// Owner links: an edit key opens its item only at the exchange (GET /api/login), only until it expires, and is never
// a bearer on the item calls; the token it gives ends with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

describe.each(await backends())('owner keys on $name', (backend) => {
  let api: Harness
  let admin: string
  let id: number
  beforeAll(async () => {
    api = await startHarness(backend, { OWNER_KEY_DAYS: '30' })
    admin = (await api.signIn('admin')).token
    id = (await api.send('POST', '/items', { token: admin, body: duvallItem({ dataAspect: 'local' }) })).body.id
  })
  afterAll(() => api.close())

  it('issues a key that expires after OWNER_KEY_DAYS', async () => {
    const issued = await api.send('POST', `/items/${id}/edit-key`, { token: admin })
    expect(issued.body.expiresAt).toBe('2026-12-22T12:00:00.000Z')
    expect((await api.send('GET', `/api/login?h=${issued.body.editKey}&rx=${id}`)).status).toBe(200)
  })

  it('refuses an expired key at the exchange, and ends the tokens made from it', async () => {
    const { editKey } = (await api.send('POST', `/items/${id}/edit-key`, { token: admin })).body
    const token = (await api.send('GET', `/api/login?h=${editKey}&rx=${id}`)).body.token
    const start = api.clock.now
    try {
      api.clock.now = new Date(start.getTime() + 30 * 86_400_000 + 1000)
      expect(await api.send('GET', `/api/login?h=${editKey}&rx=${id}`)).toMatchObject({
        status: 401,
        body: { code: 'edit_link_expired' },
      })
      api.clock.now = new Date(start.getTime() + 30 * 86_400_000 - 3600_000)
      expect((await api.send('GET', `/api/manage/${id}?t=${token}`)).status).toBe(401)
    } finally {
      api.clock.now = start
    }
  })

  it('never takes the key itself as a bearer or t on the item calls', async () => {
    const { editKey } = (await api.send('POST', `/items/${id}/edit-key`, { token: admin })).body
    expect((await api.send('GET', `/api/manage/${id}?t=${editKey}`)).status).toBe(401)
    expect((await api.send('POST', `/api/manage/${id}?t=${editKey}`, { body: { Title: 'Key as t' } })).status).toBe(401)
    expect((await api.send('POST', `/api/manage/${id}`, { token: editKey, body: { Title: 'Key as bearer' } })).status).toBe(401)
    expect((await api.send('GET', '/items', { token: editKey })).status).toBe(401)
    expect((await api.send('DELETE', `/items/${id}`, { token: editKey })).status).toBe(401)
    expect((await api.send('GET', `/api/editzzz/${id}?h=${editKey}`)).status).toBe(401)
    // The exchange still works and gives a token scoped to the item.
    const login = await api.send('GET', `/api/login?h=${editKey}&rx=${id}`)
    expect(login.body.itemId).toBe(id)
    expect((await api.send('POST', `/api/manage/${id}?t=${login.body.token}`, { body: { Title: 'Owner' } })).status).toBe(200)
  })
})
