import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

describe.each(await backends())('items on $name', (backend) => {
  let api: Harness
  let admin: string
  beforeAll(async () => {
    api = await startHarness(backend)
    admin = (await api.signIn('admin')).token
  })
  afterAll(() => api.close())

  it('refuses writes without a token', async () => {
    const answer = await api.send('POST', '/items', { body: duvallItem() })
    expect(answer).toMatchObject({ status: 401, body: { error: 'Authentication required to update items' } })
  })

  it('creates an item with the SPEC defaults', async () => {
    const answer = await api.send('POST', '/items', {
      token: admin,
      body: { title: '  Duvall Café  ', lat: 47.74, lon: -121.98, link: '' },
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      title: 'Duvall Café',
      dataAspect: 'local',
      dataProperty: 'manager',
      isActive: true,
      areaMiles: 10,
      link: null,
      priority: 'Normal',
    })
  })

  it('places an item by its city when it has no coordinates', async () => {
    const answer = await api.send('POST', '/items', {
      token: admin,
      body: { title: 'Carnation library', cityName: 'Carnation, WA' },
    })
    expect(answer.status).toBe(201)
    expect(answer.body.lat).toBeCloseTo(47.65, 1)
    const nowhere = await api.send('POST', '/items', { token: admin, body: { title: 'Nowhere', cityName: 'Zzyzxville' } })
    expect(nowhere).toMatchObject({ status: 400, body: { error: 'Location is required: lat and lon, or a known city name' } })
  })

  it.each([
    [{ title: '   ' }, 'Title is required'],
    [{ title: 'x'.repeat(200) }, 'Title must be less than 200 characters'],
    [{ specialData: '{oops' }, 'Invalid JSON in specialData'],
    [{ link: 'javascript:alert(1)' }, 'Invalid link URL'],
    [{ image: 'not a url' }, 'Invalid image URL'],
    [{ title: '', link: 'ftp://x', image: 'y' }, 'Title is required, Invalid link URL, Invalid image URL'],
  ])('rejects %j with the SPEC message', async (fields, message) => {
    const before = await api.send('GET', '/items', { token: admin })
    const answer = await api.send('POST', '/items', { token: admin, body: duvallItem(fields) })
    expect(answer).toMatchObject({ status: 400, body: { error: message } })
    expect((await api.send('GET', '/items', { token: admin })).body.total).toBe(before.body.total)
  })

  it.each([
    ['an unknown field', duvallItem({ owner: 'me' }), /unknown|unrecognized/i],
    ['a wrong type', duvallItem({ areaMiles: 'ten' }), /areaMiles/],
    ['an out-of-range area', duvallItem({ areaMiles: 5000 }), /areaMiles/],
    ['a bad template', duvallItem({ dataTemplate: '{"source":"html"' }), /template/i],
    ['a page that is not a route', duvallItem({ pageName: '../admin' }), /pageName: must be a page route/],
  ])('rejects %s with a clear 400', async (_, body, message) => {
    // The superadmin: only they may set a template (src/lib/field-permission.ts).
    const answer = await api.send('POST', '/items', { token: (await api.signIn('superadmin')).token, body })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(message)
  })

  it('answers 400 for a body that is not JSON and 413 for a huge one', async () => {
    expect((await api.send('POST', '/items', { token: admin, body: '{"title":' })).status).toBe(400)
    const huge = await api.send('POST', '/items', {
      token: admin,
      body: duvallItem({ specialData: JSON.stringify('x'.repeat(70_000)) }),
    })
    expect(huge).toMatchObject({ status: 413, body: { error: 'Request body too large' } })
  })

  it('stores injection strings as plain text', async () => {
    const title = `Robert'); DROP TABLE items;-- <script>alert(1)</script>`
    const created = await api.send('POST', '/items', { token: admin, body: duvallItem({ title }) })
    expect(created.status).toBe(201)
    const read = await api.send('GET', `/items/${created.body.id}`)
    expect(read.body.title).toBe(title)
    expect(read.headers.get('content-type')).toMatch(/application\/json/)
    const list = await api.send('GET', `/items?city=${encodeURIComponent("x' OR '1'='1")}`, { token: admin })
    expect(list.body).toEqual({ items: [], total: 0 })
  })

  it('hides inactive and test-layer items from visitors but not from staff', async () => {
    const hidden = await api.send('POST', '/items', { token: admin, body: duvallItem({ isActive: false }) })
    const test = await api.send('POST', '/items', { token: admin, body: duvallItem({ layer: 2 }) })
    for (const { body } of [hidden, test]) {
      expect(await api.send('GET', `/items/${body.id}`)).toMatchObject({ status: 404, body: { error: 'Item not found' } })
      expect((await api.send('GET', `/items/${body.id}`, { token: admin })).status).toBe(200)
    }
    expect((await api.send('GET', '/items/999999')).status).toBe(404)
    expect((await api.send('GET', '/items/abc')).status).toBe(400)
  })

  it('lists with filters, limit and offset', async () => {
    for (const dataCategory of ['school', 'school', 'traffic']) {
      await api.send('POST', '/items', { token: admin, body: duvallItem({ dataCategory, cityName: 'Monroe' }) })
    }
    const schools = await api.send('GET', '/items?dataAspect=statuses&dataCategory=school&city=MONROE&limit=1', { token: admin })
    expect(schools.body.total).toBe(2)
    expect(schools.body.items).toHaveLength(1)
    const next = await api.send('GET', '/items?dataCategory=school&city=monroe&limit=1&offset=1', { token: admin })
    expect(next.body.items[0].id).toBeLessThan(schools.body.items[0].id)
    expect((await api.send('GET', '/items')).status).toBe(401)
    expect((await api.send('GET', '/items?limit=100000', { token: admin })).status).toBe(400)
  })

  it('finds a Local category by its one label: restaurant finds the items stored as eatery too', async () => {
    for (const dataCategory of ['eatery', 'restaurant', 'retail'])
      await api.send('POST', '/items', {
        token: admin,
        body: duvallItem({ dataAspect: 'local', dataCategory, cityName: 'Carnation' }),
      })
    const eat = await api.send('GET', '/items?dataAspect=local&dataCategory=restaurant&city=carnation', { token: admin })
    expect(eat.body.items.map((item: { dataCategory: string }) => item.dataCategory).sort()).toEqual(['eatery', 'restaurant'])
    const shops = await api.send('GET', '/items?dataAspect=local&dataCategory=retail&city=carnation', { token: admin })
    expect(shops.body.total).toBe(1)
    // Elsewhere a category is the word itself.
    const exact = await api.send('GET', '/items?dataCategory=restaurant&city=carnation', { token: admin })
    expect(exact.body.total).toBe(1)
  })

  it('finds items by words of their title, any case, with % and _ taken literally', async () => {
    for (const title of ['Cedar Grove 50% off', 'Cedar grove 50 days', 'Snow_day notice'])
      await api.send('POST', '/items', { token: admin, body: duvallItem({ title }) })
    const grove = await api.send('GET', '/items?q=CEDAR%20GROVE', { token: admin })
    expect(grove.body.items.map((item: { title: string }) => item.title).sort()).toEqual([
      'Cedar Grove 50% off',
      'Cedar grove 50 days',
    ])
    const percent = await api.send('GET', `/items?q=${encodeURIComponent('50%')}`, { token: admin })
    expect(percent.body.items.map((item: { title: string }) => item.title)).toEqual(['Cedar Grove 50% off'])
    const underscore = await api.send('GET', '/items?q=snow_', { token: admin })
    expect(underscore.body.total).toBe(1)
    expect((await api.send('GET', '/items?q=w_d', { token: admin })).body.total).toBe(1)
    expect((await api.send('GET', '/items?q=wxd', { token: admin })).body.total).toBe(0)
  })

  it('stamps valueChanged only when the lines or the state change', async () => {
    const { body } = await api.send('POST', '/items', { token: admin, body: duvallItem({ lines: ['Open'], state: 'open' }) })
    expect(body.valueChanged).toBe('2026-11-22T12:00:00.000Z')
    api.clock.now = new Date('2026-11-22T12:30:00Z')
    const manage = `/api/manage/${body.id}?t=${admin}`
    const renamed = await api.send('POST', manage, { body: { Title: 'Renamed', Lines: ['Open'], State: 'open' } })
    expect(renamed.body.record).toMatchObject({ Title: 'Renamed', ValueChanged: '2026-11-22T12:00:00.000Z' })
    const changed = await api.send('POST', manage, { body: { Lines: ['Closed early'] } })
    expect(changed.body.record.ValueChanged).toBe('2026-11-22T12:30:00.000Z')
    api.clock.now = new Date('2026-11-22T12:00:00Z')
  })

  it("shows each item's page and city in its public view, for the site's edit controls", async () => {
    await api.send('POST', '/items', {
      token: admin,
      body: duvallItem({ pageName: 'wa/duvall', cityName: 'Duvall', title: 'Owner view' }),
    })
    const { body } = await api.send('GET', '/api/reaction?lat=47.74&lon=-121.98')
    const item = body.statuses.messages.find((message: { title: string }) => message.title === 'Owner view')
    expect(item).toMatchObject({ pageName: 'wa/duvall', cityName: 'Duvall' })
  })

  it('lists only what a scoped user may edit', async () => {
    const page = (await api.signIn('page', { pageName: 'wa/monroe' })).token
    await api.send('POST', '/items', { token: admin, body: duvallItem({ pageName: 'wa/monroe', cityName: 'Monroe' }) })
    const mine = await api.send('GET', '/items', { token: page })
    expect(mine.body.total).toBeGreaterThan(0)
    expect(mine.body.items.every((item: { pageName: string }) => item.pageName === 'wa/monroe')).toBe(true)
    const none = (await api.signIn('none')).token
    expect((await api.send('GET', '/items', { token: none })).body).toEqual({ items: [], total: 0 })
  })

  it('locks for an hour by default, for a given duration, and unlocks: the superadmin only', async () => {
    const superadmin = (await api.signIn('superadmin')).token
    const { body } = await api.send('POST', '/items', { token: admin, body: duvallItem() })
    const locked = await api.send('POST', `/items/${body.id}/lock`, { token: superadmin, body: {} })
    expect(locked.body.lockResultUntil).toBe('2026-11-22T13:00:00.000Z')
    const day = await api.send('POST', `/items/${body.id}/lock`, { token: superadmin, body: { duration: 86_400 } })
    expect(day.body.lockResultUntil).toBe('2026-11-23T12:00:00.000Z')
    expect((await api.send('POST', `/items/${body.id}/lock`, { token: superadmin, body: { duration: -5 } })).status).toBe(400)
    expect(await api.send('POST', `/items/${body.id}/unlock`, { token: admin })).toMatchObject({
      status: 403,
      body: { code: 'field_not_allowed', params: { field: 'LockResultUntil' } },
    })
    const unlocked = await api.send('POST', `/items/${body.id}/unlock`, { token: superadmin })
    expect(unlocked.body.lockResultUntil).toBeNull()
  })

  it('keeps page names as lower-case routes', async () => {
    const { body } = await api.send('POST', '/items', { token: admin, body: duvallItem({ pageName: ' WA/Duvall ' }) })
    expect(body.pageName).toBe('wa/duvall')
  })

  it('deletes', async () => {
    const { body } = await api.send('POST', '/items', { token: admin, body: duvallItem() })
    expect(await api.send('DELETE', `/items/${body.id}`, { token: admin })).toMatchObject({ status: 200, body: { ok: true } })
    expect((await api.send('DELETE', `/items/${body.id}`, { token: admin })).status).toBe(404)
  })
})
