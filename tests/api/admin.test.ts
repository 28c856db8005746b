import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

describe.each(await backends())('user admin on $name', (backend) => {
  let api: Harness
  let superadmin: Awaited<ReturnType<Harness['signIn']>>
  let admin: Awaited<ReturnType<Harness['signIn']>>
  beforeAll(async () => {
    api = await startHarness(backend)
    superadmin = await api.signIn('superadmin')
    admin = await api.signIn('admin')
  })
  afterAll(() => api.close())

  it('lists users for admins only, with the SPEC 403 text', async () => {
    const listed = await api.send('GET', '/admin/users', { token: admin.token })
    expect(listed.status).toBe(200)
    expect(listed.body.users.map((user: { email: string }) => user.email)).toContain(superadmin.email)
    expect(JSON.stringify(listed.body)).not.toMatch(/password|argon/i)
    const page = await api.signIn('page', { pageName: 'wa/duvall' })
    expect(await api.send('GET', '/admin/users', { token: page.token })).toMatchObject({
      status: 403,
      body: { error: 'You do not have permission to view users.' },
    })
    expect((await api.send('GET', '/admin/users')).status).toBe(401)
  })

  it('assigns roles with their scope, by number or name', async () => {
    const user = await api.signIn('none')
    const page = await api.send('POST', `/admin/users/${user.userId}/role`, {
      token: admin.token,
      body: { role: 2, pageName: 'WA/Duvall' },
    })
    expect(page.body).toMatchObject({ role: 2, roleName: 'page', pageName: 'wa/duvall', cityName: null })
    const area = await api.send('POST', `/admin/users/${user.userId}/role`, {
      token: admin.token,
      body: { role: 'area', cityName: 'Duvall' },
    })
    expect(area.body).toMatchObject({ roleName: 'area', cityName: 'Duvall', pageName: null })
    // A role change ends the user's earlier tokens; a new one carries the new role.
    expect((await api.send('GET', '/auth/me', { token: user.token })).status).toBe(401)
    const again = await api.send('POST', '/auth/email', { body: { email: user.email, password: api.PASSWORD } })
    expect((await api.send('GET', '/auth/me', { token: again.body.token })).body.roleName).toBe('area')
    const item = (await api.send('POST', '/items', { token: admin.token, body: duvallItem() })).body.id
    expect(
      (await api.send('POST', `/admin/users/${user.userId}/role`, { token: admin.token, body: { role: 5, itemId: item } })).body
        .itemId,
    ).toBe(item)
  })

  it.each([
    [{ role: 2 }, 'A page user needs a page name'],
    [{ role: 4 }, 'An area user needs a city name'],
    [{ role: 5 }, 'A one-item user needs an item id'],
    [{ role: 5, itemId: 999999 }, 'Item not found'],
    [{ role: 2, pageName: '../../admin' }, 'A page name is a route such as wa/duvall'],
    [{ role: 2, pageName: 'wa/duvall/extra' }, 'A page name is a route such as wa/duvall'],
    [{ role: 4, cityName: '<img src=x onerror=alert(1)>' }, "A city name has letters, digits, spaces and . , ' ( ) - only"],
    [{ role: 4, cityName: 'Duvall\u0000' }, "A city name has letters, digits, spaces and . , ' ( ) - only"],
  ])('refuses %j', async (body, error) => {
    const user = await api.signIn('none')
    expect(await api.send('POST', `/admin/users/${user.userId}/role`, { token: admin.token, body })).toMatchObject({
      status: 400,
      body: { error },
    })
  })

  it('refuses bad roles and keeps superadmin powers with superadmins', async () => {
    const user = await api.signIn('none')
    expect((await api.send('POST', `/admin/users/${user.userId}/role`, { token: admin.token, body: { role: 9 } })).status).toBe(
      400,
    )
    expect(
      (await api.send('POST', `/admin/users/${user.userId}/role`, { token: admin.token, body: { role: 'root' } })).status,
    ).toBe(400)
    expect((await api.send('POST', `/admin/users/${user.userId}/role`, { token: admin.token, body: { role: 3 } })).status).toBe(
      403,
    )
    expect(
      (await api.send('POST', `/admin/users/${superadmin.userId}/role`, { token: admin.token, body: { role: 0 } })).status,
    ).toBe(403)
    expect((await api.send('POST', `/admin/users/${admin.userId}/role`, { token: admin.token, body: { role: 3 } })).status).toBe(
      400,
    )
    expect(
      (await api.send('POST', `/admin/users/${user.userId}/role`, { token: superadmin.token, body: { role: 3 } })).body.roleName,
    ).toBe('superadmin')
    const promoted = await api.send('POST', '/auth/email', { body: { email: user.email, password: api.PASSWORD } })
    expect(
      (await api.send('POST', `/admin/users/${user.userId}/role`, { token: promoted.body.token, body: { role: 0 } })).status,
    ).toBe(400)
    const page = await api.signIn('page', { pageName: 'wa/duvall' })
    expect(await api.send('POST', `/admin/users/${user.userId}/role`, { token: page.token, body: { role: 0 } })).toMatchObject({
      status: 403,
      body: { error: 'You do not have permission to assign roles.' },
    })
  })

  it('adds users and refuses duplicates', async () => {
    const added = await api.send('POST', '/admin/users', {
      token: admin.token,
      body: { email: 'New@Example.org', name: 'New', role: 'area', cityName: 'Monroe' },
    })
    expect(added).toMatchObject({ status: 201, body: { email: 'new@example.org', roleName: 'area', cityName: 'Monroe' } })
    expect(
      (await api.send('POST', '/admin/users', { token: admin.token, body: { email: 'new@example.org', role: 0 } })).status,
    ).toBe(409)
    expect(
      (await api.send('POST', '/admin/users', { token: admin.token, body: { email: 'not an email', role: 0 } })).status,
    ).toBe(400)
  })

  it('removes users, not themselves, with the SPEC 403 text', async () => {
    const user = await api.signIn('page', { pageName: 'wa/duvall' })
    expect(await api.send('DELETE', `/admin/users/${admin.userId}`, { token: user.token })).toMatchObject({
      status: 403,
      body: { error: 'You do not have permission to remove users.' },
    })
    expect((await api.send('DELETE', `/admin/users/${admin.userId}`, { token: admin.token })).status).toBe(400)
    expect((await api.send('DELETE', `/admin/users/${superadmin.userId}`, { token: admin.token })).status).toBe(403)
    expect(await api.send('DELETE', `/admin/users/${user.userId}`, { token: admin.token })).toMatchObject({
      status: 200,
      body: { ok: true },
    })
    // A removed user's token no longer works, and neither does their refresh cookie.
    expect((await api.send('GET', '/auth/me', { token: user.token })).status).toBe(401)
    expect((await api.send('POST', '/auth/refresh', { headers: { cookie: user.cookie.split(';')[0]! } })).status).toBe(401)
    expect((await api.send('DELETE', `/admin/users/${user.userId}`, { token: admin.token })).status).toBe(404)
  })
})
