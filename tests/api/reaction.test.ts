import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

describe.each(await backends())('reaction on $name', (backend) => {
  let api: Harness
  let admin: string
  const create = async (fields: Record<string, unknown>) =>
    (await api.send('POST', '/items', { token: admin, body: duvallItem(fields) })).body.id as number
  const react = async (query: string) => api.send('GET', `/api/reaction?${query}`)
  const titles = (messages: { title: string }[]) => messages.map((message) => message.title)

  beforeAll(async () => {
    api = await startHarness(backend)
    admin = (await api.signIn('superadmin')).token
    await create({ title: 'Info here', priority: 'Info', lat: 47.7423, lon: -121.9857 })
    await create({ title: 'Critical 3 miles away', priority: 'critical', lat: 47.7857, lon: -121.9857 })
    await create({ title: 'Warning here', priority: 'Warning', lat: 47.7423, lon: -121.9857 })
    await create({ title: 'Out of reach', lat: 46.9, lon: -121.9857 })
    await create({ title: 'Wide area', lat: 45.5, lon: -122.6, areaMiles: 300 })
    await create({ title: 'Inactive', isActive: false })
    await create({ title: 'Test layer 3', layer: 3 })
    await create({ title: 'Road', dataAspect: 'roads', specialData: JSON.stringify([{ Title: 'SR 203', Items: [] }]) })
    await create({ title: 'Shop', dataAspect: 'local' })
    await create({ title: 'Far page item', pageName: 'wa/duvall', lat: 40, lon: -100, areaMiles: 1 })
    for (let index = 0; index < 65; index++)
      await create({ title: `Camera ${index}`, dataAspect: 'cameras', lat: 47.75 + index / 1000 })
  })
  afterAll(() => api.close())

  it('answers the four sections, priority first then distance', async () => {
    const { status, body } = await react('lat=47.74&lon=-121.99')
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(['cameras', 'local', 'roads', 'statuses'])
    expect(titles(body.statuses.messages)).toEqual(['Critical 3 miles away', 'Warning here', 'Wide area', 'Info here'])
    expect(body.statuses.messages[0]).toMatchObject({
      priority: 'Critical',
      isOld: false,
      dataAspect: 'statuses',
      data: { lines: [] },
    })
    expect(body.statuses.messages[0].distance).toBeCloseTo(3.1, 0)
    expect(titles(body.roads.messages)).toEqual(['Road'])
    expect(body.roads.messages[0].data.specialData).toContain('SR 203')
    expect(titles(body.local.messages)).toEqual(['Shop'])
  })

  it('caps cameras at 60', async () => {
    const { body } = await react('lat=47.74&lon=-121.99')
    expect(body.cameras.messages).toHaveLength(60)
    expect(body.cameras.messages[0].title).toBe('Camera 0')
  })

  it('shows a test layer only to staff who ask for it', async () => {
    const staff = (query: string) => api.send('GET', `/api/reaction?${query}`, { token: admin })
    expect(titles((await staff('lat=47.74&lon=-121.99')).body.statuses.messages)).not.toContain('Test layer 3')
    expect(titles((await staff('lat=47.74&lon=-121.99&layer=3')).body.statuses.messages)).toContain('Test layer 3')
    expect((await staff('lat=47.74&lon=-121.99&layer=3')).headers.get('cache-control')).toBe('private, no-store')
    // A signed-out visitor with the test-layer setting on gets the public layer (also after staff filled the cache).
    const anonymous = await react('lat=47.74&lon=-121.99&layer=3')
    expect(anonymous.status).toBe(200)
    expect(titles(anonymous.body.statuses.messages)).not.toContain('Test layer 3')
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store')
  })

  it('adds the page’s own items wherever they are', async () => {
    expect(titles((await react('lat=47.74&lon=-121.99')).body.statuses.messages)).not.toContain('Far page item')
    expect(titles((await react('lat=47.74&lon=-121.99&route=wa/duvall&_t=123')).body.statuses.messages)).toContain(
      'Far page item',
    )
  })

  it('finds nothing in an empty place', async () => {
    const { body } = await react('lat=10&lon=10')
    // Outside the US no source covers the point, so the answer claims no check either way.
    const none = { status: 'none', missing: [] }
    expect(body).toEqual({
      statuses: { messages: [], health: none },
      roads: { messages: [], health: none },
      cameras: { messages: [], health: none },
      local: { messages: [], health: none },
    })
  })

  it.each([
    'lat=95&lon=0',
    'lat=abc&lon=0',
    'lon=0',
    'lat=1&lon=1&route=../../etc',
    'lat=1&lon=1&layer=-1',
    "lat=1' OR 1=1&lon=0",
  ])('rejects %s', async (query) => {
    const { status, body } = await react(query)
    expect(status).toBe(400)
    expect(body.error).toMatch(/^Invalid request: query\./)
  })

  it('searches cities like the site', async () => {
    const { body } = await api.send('GET', '/api/cities?city=duv')
    expect(body[0]).toMatchObject({ displayName: 'Duvall, WA', route: 'wa/duvall', state: 'WA' })
    expect((await api.send('GET', '/api/cities?city=d')).body).toEqual([])
    expect((await api.send('GET', '/api/cities')).status).toBe(400)
  })
})
