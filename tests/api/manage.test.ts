import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

describe.each(await backends())('manage and legacy calls on $name', (backend) => {
  let api: Harness
  let admin: string
  let id: number
  beforeAll(async () => {
    api = await startHarness(backend)
    admin = (await api.signIn('admin')).token
  })
  afterAll(() => api.close())

  it('creates with id 0 from the PascalCase payload, with the SPEC defaults', async () => {
    const answer = await api.send('POST', `/api/manage/0?t=${admin}`, {
      body: {
        Id: 0,
        Title: 'Tolt Middle School',
        Lat: 47.74,
        Lon: -121.98,
        Lines: 'Late start\nBuses 2 h late',
        Priority: 'warning',
        State: ' open ',
      },
    })
    expect(answer.status).toBe(201)
    expect(answer.body.record).toMatchObject({
      Title: 'Tolt Middle School',
      DataAspect: 'local',
      DataProperty: 'manager',
      IsActive: true,
      AreaMiles: 10,
      State: 'open',
    })
    expect(answer.body.item).toMatchObject({ priority: 'Warning', data: { lines: ['Late start', 'Buses 2 h late'] } })
    id = answer.body.record.Id
  })

  it('loads and saves with t, keeping fields the payload leaves out', async () => {
    expect((await api.send('GET', `/api/manage/${id}?t=${admin}`)).body.record.Title).toBe('Tolt Middle School')
    const saved = await api.send('POST', `/api/manage/${id}?t=${admin}`, {
      body: { Id: id, Title: 'Tolt Middle School (closed)', State: 'closed', Link: '' },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.record).toMatchObject({ State: 'closed', Lat: 47.74, Link: null, ValueChanged: '2026-11-22T12:00:00.000Z' })
  })

  it.each([
    [{ Id: 999, Title: 'x' }, 'Id does not match the address'],
    [{ Title: '' }, 'Title is required'],
    [{ Title: 'x', SpecialData: '[', Link: 'nope' }, 'Invalid JSON in specialData, Invalid link URL'],
  ])('rejects %j', async (body, error) => {
    expect(await api.send('POST', `/api/manage/${id}?t=${admin}`, { body })).toMatchObject({ status: 400, body: { error } })
  })

  it('refuses unknown fields and anonymous saves', async () => {
    const unknown = await api.send('POST', `/api/manage/${id}?t=${admin}`, { body: { Title: 'x', Hack: true } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toMatch(/Hack/)
    expect(await api.send('POST', `/api/manage/${id}`, { body: { Title: 'x' } })).toMatchObject({
      status: 401,
      body: { error: 'Authentication required to update items' },
    })
    expect((await api.send('GET', `/api/manage/${id}?t=forged.token.value`)).status).toBe(401)
  })

  it('locks until dt and unlocks (the superadmin’s advanced mode)', async () => {
    const superadmin = (await api.signIn('superadmin')).token
    const locked = await api.send('GET', `/api/manage/${id}/lock?t=${superadmin}&dt=2026-11-23T12:00:00Z`)
    expect(locked.body.record.LockResultUntil).toBe('2026-11-23T12:00:00.000Z')
    expect((await api.send('GET', `/api/manage/${id}/lock?t=${superadmin}&dt=2020-01-01T00:00:00Z`)).status).toBe(400)
    expect((await api.send('GET', `/api/manage/${id}/unlock?t=${admin}`)).status).toBe(403)
    const unlocked = await api.send('GET', `/api/manage/${id}/unlock?t=${superadmin}`)
    expect(unlocked.body.record.LockResultUntil).toBeNull()
  })

  it('signs a business owner in with the edit key and limits them to their item', async () => {
    const other = (await api.send('POST', '/items', { token: admin, body: duvallItem() })).body.id
    const issued = await api.send('POST', `/items/${id}/edit-key`, { token: admin })
    expect(issued.status).toBe(200)
    const { editKey } = issued.body
    const login = await api.send('GET', `/api/login?h=${editKey}&rx=${id}`)
    expect(login.body.itemId).toBe(id)
    const one = login.body.token
    expect((await api.send('POST', `/api/manage/${id}?t=${one}`, { body: { Title: 'Owner edit' } })).status).toBe(200)
    expect((await api.send('POST', `/api/manage/${other}?t=${one}`, { body: { Title: 'Not mine' } })).status).toBe(403)
    expect((await api.send('GET', `/api/login?h=${editKey}&rx=${other}`)).status).toBe(401)
    expect((await api.send('GET', '/api/login?h=wrong-key')).body).toEqual({
      error: 'This edit link is not valid',
      code: 'edit_link_invalid',
    })
    // A new key voids the old key and every token made from it.
    await api.send('POST', `/items/${id}/edit-key`, { token: admin })
    expect((await api.send('POST', `/api/manage/${id}?t=${one}`, { body: { Title: 'Stale' } })).status).toBe(401)
    expect((await api.send('GET', `/api/login?h=${editKey}`)).status).toBe(401)
  })

  it('keeps the legacy editzzz calls: h (a token), Record, Force and IsTempResults', async () => {
    const superadmin = (await api.signIn('superadmin')).token
    const base = `/api/editzzz/${id}?h=${superadmin}&c=Duvall&rx=${id}&route=wa/duvall`
    expect((await api.send('GET', base)).body.record.Id).toBe(id)
    const temp = await api.send('POST', base, {
      body: { Record: { Title: 'Snow day', Lines: ['Closed today'] }, IsTempResults: true },
    })
    expect(temp.body.record.LockResultUntil).toBe('2026-11-23T12:00:00.000Z')
    const refused = await api.send('POST', base, { body: { Record: { Title: 'Snow day', Lines: ['Open'] } } })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatch(/^Result is locked until/)
    const forced = await api.send('POST', base, { body: { Record: { Title: 'Snow day', Lines: ['Open'] }, Force: true } })
    expect(forced.body.item.data.lines).toEqual(['Open'])
    expect((await api.send('GET', `/api/editzzz/${id}/unlock?h=${superadmin}`)).body.record.LockResultUntil).toBeNull()
    expect((await api.send('POST', base, { body: { Record: { Title: 'x' }, Extra: 1 } })).status).toBe(400)
    expect((await api.send('DELETE', `/api/editzzz/${id}?h=nope`)).status).toBe(401)
    // An edit key is no credential here: only GET /api/login takes it.
    const { editKey } = (await api.send('POST', `/items/${id}/edit-key`, { token: admin })).body
    expect((await api.send('GET', `/api/editzzz/${id}?h=${editKey}`)).status).toBe(401)
  })

  it('deletes through manage', async () => {
    const made = (await api.send('POST', '/items', { token: admin, body: duvallItem() })).body.id
    expect((await api.send('DELETE', `/api/manage/${made}?t=${admin}`)).body).toEqual({ ok: true })
    expect((await api.send('GET', `/api/manage/${made}?t=${admin}`)).status).toBe(404)
  })

  it('signs in by the legacy query call', async () => {
    const user = await api.signIn('page', { pageName: 'wa/duvall' }, 'legacy@example.org')
    const ok = await api.send('GET', `/api/manage/login?e=legacy@example.org&p=${encodeURIComponent(api.PASSWORD)}`)
    expect(ok.status).toBe(200)
    expect(ok.body.user).toMatchObject({ email: 'legacy@example.org', roleName: 'page' })
    expect(user.token).toBeTruthy()
    expect((await api.send('GET', '/api/manage/login?e=legacy@example.org&p=wrong')).body).toEqual({
      error: 'Invalid email or password',
      code: 'invalid_login',
    })
    expect((await api.send('GET', '/api/manage/login')).body).toEqual({
      error: 'Email and password are required',
      code: 'credentials_required',
    })
  })
})
