// Who may change what (src/lib/field-permission.ts), tried from the least-trusted caller's side: an owner's token,
// page and area staff at the edge of their scope, an admin reaching for the superadmin's template.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

const business = (fields: Record<string, unknown> = {}) =>
  duvallItem({
    dataAspect: 'local',
    title: 'Duvall Books',
    state: 'active',
    specialData: JSON.stringify({ category: 'shop', description: 'Books', lat: 47.7423, lon: -121.9857, _Notes: 'staff' }),
    ...fields,
  })

const NEW_YORK = 'lat=40.71&lon=-74.01'

describe.each(await backends())('who may change what on $name', (backend) => {
  let api: Harness
  let superadmin: string
  let admin: string
  beforeAll(async () => {
    api = await startHarness(backend)
    superadmin = (await api.signIn('superadmin')).token
    admin = (await api.signIn('admin')).token
  })
  afterAll(() => api.close())

  const create = async (fields: Record<string, unknown>, token = superadmin) =>
    (await api.send('POST', '/items', { token, body: fields })).body.id as number
  /** An owner's token, the way an owner link gives it. */
  const ownerOf = async (id: number) => {
    const { editKey } = (await api.send('POST', `/items/${id}/edit-key`, { token: admin })).body
    return (await api.send('GET', `/api/login?h=${editKey}&rx=${id}`)).body.token as string
  }

  it('refuses the review’s owner edit: aspect, Critical, another state’s page, 500 miles, a template and a lock', async () => {
    const id = await create(business())
    const owner = await ownerOf(id)
    const answer = await api.send('POST', `/api/manage/${id}?t=${owner}`, {
      body: {
        Title: 'EVACUATE NOW',
        DataAspect: 'statuses',
        Priority: 'Critical',
        PageName: 'ny/new-york',
        AreaMiles: 500,
        DataTemplate: JSON.stringify({ source: 'json', url: 'https://example.org/x', select: 'a' }),
        LockResultUntil: new Date(api.clock.now.getTime() + 300 * 86_400_000).toISOString(),
      },
    })
    expect(answer.status).toBe(403)
    expect(answer.body.code).toBe('field_not_allowed')
    const newYork = await api.send('GET', `/api/reaction?${NEW_YORK}&route=ny/new-york`)
    expect(JSON.stringify(newYork.body)).not.toContain('EVACUATE')
    expect((await api.send('GET', `/items/${id}`, { token: superadmin })).body).toMatchObject({
      title: 'Duvall Books',
      dataAspect: 'local',
      priority: 'Normal',
    })
  })

  it.each([
    ['DataAspect', 'statuses'],
    ['DataProperty', 'feed'],
    ['Priority', 'Critical'],
    ['PageName', 'wa/seattle'],
    ['CityName', 'Seattle'],
    ['AreaMiles', 500],
    ['Layer', 7],
    ['IsActive', false],
    ['Order', -5],
    ['Lines', ['Closed forever']],
    ['State', 'closed'],
    ['DataCategory', 'emergency'],
    ['DataTemplate', JSON.stringify({ source: 'json', url: 'https://example.org/x', select: 'a' })],
    ['LockResultUntil', '2026-12-01T00:00:00Z'],
  ])('refuses an owner changing %s', async (field, value) => {
    const id = await create(business())
    const owner = await ownerOf(id)
    const answer = await api.send('POST', `/api/manage/${id}?t=${owner}`, { body: { [field]: value } })
    expect(answer).toMatchObject({ status: 403, body: { code: 'field_not_allowed', params: { field } } })
    expect((await api.send('POST', '/items', { token: owner, body: business() })).status).toBe(403)
  })

  it('refuses an owner moving the item: its point, or the map point and category of its special data', async () => {
    const id = await create(business())
    const owner = await ownerOf(id)
    const move = await api.send('POST', `/api/manage/${id}?t=${owner}`, { body: { Lat: 40.71, Lon: -74.01 } })
    expect(move).toMatchObject({ status: 403, body: { params: { field: 'Lat' } } })
    for (const [key, value] of [
      ['lat', 40.71],
      ['category', 'bar'],
      ['_Notes', 'mine now'],
    ] as const) {
      const special = { category: 'shop', description: 'Books', lat: 47.7423, lon: -121.9857, _Notes: 'staff', [key]: value }
      const answer = await api.send('POST', `/api/manage/${id}?t=${owner}`, { body: { SpecialData: JSON.stringify(special) } })
      expect(answer).toMatchObject({ status: 403, body: { code: 'field_not_allowed', params: { field: `SpecialData.${key}` } } })
    }
    expect((await api.send('DELETE', `/api/manage/${id}?t=${owner}`)).status).toBe(403)
    expect((await api.send('GET', `/api/manage/${id}/lock?t=${owner}`)).status).toBe(403)
  })

  it('lets an owner change the business’s own fields, and send the whole form unchanged', async () => {
    const id = await create(business())
    const owner = await ownerOf(id)
    const record = (await api.send('GET', `/api/manage/${id}?t=${owner}`)).body.record
    const special = { ...JSON.parse(record.SpecialData), description: 'New and used books', hoursM: '9-17', phone: '555' }
    const saved = await api.send('POST', `/api/manage/${id}?t=${owner}`, {
      body: {
        Id: id,
        Title: 'Duvall Books & Coffee',
        Link: 'https://books.example.org',
        Image: 'https://books.example.org/front.jpg',
        SpecialData: JSON.stringify(special),
        // Unchanged values of fields the owner may not change are fine (the edit form sends them all).
        DataAspect: record.DataAspect,
        Priority: record.Priority,
        PageName: record.PageName,
        CityName: record.CityName,
        AreaMiles: record.AreaMiles,
        IsActive: record.IsActive,
        Lat: record.Lat,
        Lon: record.Lon,
        Lines: record.Lines,
        State: record.State,
      },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.record).toMatchObject({ Title: 'Duvall Books & Coffee', Link: 'https://books.example.org' })
    expect(JSON.parse(saved.body.record.SpecialData)).toMatchObject({ description: 'New and used books', _Notes: 'staff' })
  })

  it('does not move a business whose map point differs from its own when the owner saves other special data', async () => {
    const id = await create(business({ lat: 47.75, lon: -121.97 }))
    const owner = await ownerOf(id)
    const special = { category: 'shop', description: 'Rare books', lat: 47.7423, lon: -121.9857, _Notes: 'staff' }
    const saved = await api.send('POST', `/api/manage/${id}?t=${owner}`, { body: { SpecialData: JSON.stringify(special) } })
    expect(saved.status).toBe(200)
    expect(saved.body.record).toMatchObject({ Lat: 47.75, Lon: -121.97 })
  })

  it('keeps an area user in their city: no other city’s page, no point outside, no Critical, no 500 miles', async () => {
    const area = (await api.signIn('area', { cityName: 'Duvall' })).token
    // The review's case: an area user of Duvall created a Critical item on wa/seattle.
    const seattle = await api.send('POST', '/items', {
      token: area,
      body: duvallItem({ pageName: 'wa/seattle', priority: 'Critical', title: 'EVACUATE NOW' }),
    })
    expect(seattle.status).toBe(403)
    const elsewhere = await api.send('POST', '/items', { token: area, body: duvallItem({ lat: 40.71, lon: -74.01 }) })
    expect(elsewhere).toMatchObject({ status: 403, body: { code: 'place_outside_scope' } })
    expect(await api.send('POST', '/items', { token: area, body: duvallItem({ priority: 'Critical' }) })).toMatchObject({
      status: 403,
      body: { code: 'priority_not_allowed' },
    })
    expect(await api.send('POST', '/items', { token: area, body: duvallItem({ areaMiles: 500 }) })).toMatchObject({
      status: 403,
      body: { code: 'area_too_large', params: { miles: '25' } },
    })
    expect(
      (await api.send('POST', '/items', { token: area, body: duvallItem({ priority: 'High', areaMiles: 20 }) })).status,
    ).toBe(201)
    const id = await create(duvallItem())
    for (const body of [{ Lat: 47.61, Lon: -122.33 }, { PageName: 'wa/seattle' }, { CityName: 'Seattle' }]) {
      expect((await api.send('POST', `/api/manage/${id}?t=${area}`, { body })).status).toBe(403)
    }
    expect((await api.send('POST', `/api/manage/${id}?t=${area}`, { body: { Lat: 47.75, Lon: -121.97 } })).status).toBe(200)
    // A Critical item staff made stays editable by the area user while they leave its priority alone.
    const critical = await create(duvallItem({ priority: 'Critical' }))
    expect(
      (await api.send('POST', `/api/manage/${critical}?t=${area}`, { body: { Priority: 'Critical', Title: 'Fixed' } })).status,
    ).toBe(200)
  })

  it('keeps a page user on their page and its city', async () => {
    const page = (await api.signIn('page', { pageName: 'wa/duvall' })).token
    expect((await api.send('POST', '/items', { token: page, body: duvallItem({ cityName: 'Seattle' }) })).status).toBe(403)
    expect(await api.send('POST', '/items', { token: page, body: duvallItem({ lat: 40.71, lon: -74.01 }) })).toMatchObject({
      status: 403,
      body: { code: 'place_outside_scope' },
    })
    const id = await create(duvallItem())
    expect((await api.send('POST', `/api/manage/${id}?t=${page}`, { body: { CityName: 'Seattle' } })).status).toBe(403)
    expect((await api.send('POST', `/api/manage/${id}?t=${page}`, { body: { Lat: 40.71, Lon: -74.01 } })).status).toBe(403)
    expect((await api.send('POST', `/api/manage/${id}?t=${page}`, { body: { Priority: 'Urgent' } })).status).toBe(403)
    expect((await api.send('POST', `/api/manage/${id}?t=${page}`, { body: { DataTemplate: '{}' } })).status).toBe(403)
    expect((await api.send('POST', `/api/manage/${id}?t=${page}`, { body: { Title: 'Late start', Layer: 2 } })).status).toBe(200)
  })

  it('keeps the template and the lock to the superadmin (SPEC: only they see the advanced mode)', async () => {
    const template = JSON.stringify({ source: 'html', url: 'https://schools.example.org/', select: '#s', rules: [] })
    expect(await api.send('POST', '/items', { token: admin, body: duvallItem({ dataTemplate: template }) })).toMatchObject({
      status: 403,
      body: { code: 'field_not_allowed', params: { field: 'DataTemplate' } },
    })
    const id = await create(duvallItem({ dataTemplate: template }))
    expect(
      (await api.send('POST', `/api/manage/${id}?t=${admin}`, { body: { LockResultUntil: '2026-11-23T00:00:00Z' } })).status,
    ).toBe(403)
    expect(
      (await api.send('POST', `/api/manage/${id}?t=${admin}`, { body: { Priority: 'Critical', AreaMiles: 100 } })).status,
    ).toBe(200)
  })
})
