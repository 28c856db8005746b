// A place's feed is rendered once per few seconds, not per request, and a staff write shows at once (issue 36).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

const renders = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../server/lib/reaction.ts', async (original) => {
  const real = await original<typeof import('../../server/lib/reaction.ts')>()
  return {
    ...real,
    reactionBody: (...args: Parameters<typeof real.reactionBody>) => {
      renders.count++
      return real.reactionBody(...args)
    },
  }
})

describe.each(await backends())('the feed cache on $name', (backend) => {
  let api: Harness
  let admin: string
  const feed = (path = '/api/feeds/wa/duvall/statuses.atom') => api.send('GET', path)

  beforeAll(async () => {
    api = await startHarness(backend)
    admin = (await api.signIn('superadmin')).token
    await api.send('POST', '/items', { token: admin, body: duvallItem({ title: 'Library closed' }) })
  })
  afterAll(() => api.close())

  it('renders a place’s feed once for many requests, and again after a staff write, which shows at once', async () => {
    const first = await feed()
    renders.count = 0
    for (let index = 0; index < 20; index++) expect((await feed()).body).toBe(first.body)
    expect(renders.count).toBe(0)
    const made = await api.send('POST', '/items', { token: admin, body: duvallItem({ title: 'Water main break' }) })
    expect(made.status).toBe(201)
    expect((await feed()).body).toContain('Water main break')
    expect(renders.count).toBe(1)
    await api.send('POST', `/api/manage/${made.body.id}?t=${admin}`, { body: { Title: 'Water main fixed' } })
    const after = (await feed()).body as string
    expect(after).toContain('Water main fixed')
    expect(after).not.toContain('Water main break')
  })

  it('keeps languages and formats apart', async () => {
    const atom = (await feed()).body as string
    const german = (await feed('/api/feeds/wa/duvall/statuses.atom?lang=de')).body as string
    const json = (await feed('/api/feeds/wa/duvall/statuses.json')).body
    expect(german).not.toBe(atom)
    expect(german).toContain('/de/wa/duvall/statuses')
    expect(json.items.length).toBeGreaterThan(0)
  })
})
