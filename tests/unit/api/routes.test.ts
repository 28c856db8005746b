// The route table (every request the browser sends to the API) and the answer checks beside it.
import { describe, expect, it } from 'vitest'
import { isAnswer } from '../../../src/lib/api/answers.ts'
import { ROUTES, urlOf, type RouteName } from '../../../src/lib/api/routes.ts'
import { alertItem, forgotAnswer, itemRecord, manageAnswer, reaction, session, user, userList } from './fixtures.ts'

describe('the route table', () => {
  it('builds each request: method, path, query and body', () => {
    expect(ROUTES.reaction({ lat: 47.74232, lon: -121.98568, route: 'wa/duvall', layer: 2 }, 5)).toEqual({
      method: 'GET',
      path: 'api/reaction',
      query: { lat: '47.74', lon: '-121.99', route: 'wa/duvall', layer: '2', _t: '5' },
    })
    expect(ROUTES.reaction({ lat: 1, lon: 2, route: null, layer: 0 }, 5).query).toEqual({ lat: '1.00', lon: '2.00', _t: '5' })
    expect(ROUTES.coverage({})).toEqual({ method: 'GET', path: 'api/coverage' })
    const payload = { Id: 12, Title: 'Open' }
    expect(ROUTES.manageSave(12.9, payload)).toEqual({ method: 'POST', path: 'api/manage/12', json: { Id: 12, Title: 'Open' } })
    expect(ROUTES.itemList({ dataAspect: 'local', limit: 20, q: undefined })).toEqual({
      method: 'GET',
      path: 'items',
      query: { dataAspect: 'local', limit: '20' },
    })
    expect(ROUTES.itemRemove(3)).toEqual({ method: 'DELETE', path: 'items/3' })
    expect(ROUTES.runFeed('wsdot/alerts')).toEqual({ method: 'POST', path: 'api/feeds/wsdot%2Falerts/run' })
    expect(ROUTES.callback('git hub', { code: 'c' })).toEqual({
      method: 'POST',
      path: 'auth/callback/git%20hub',
      json: { code: 'c' },
    })
    expect(ROUTES.signInWithKey('k')).toEqual({ method: 'GET', path: 'api/login', query: { h: 'k' } })
    expect(ROUTES.userRole(4, { role: 'area', cityName: 'Duvall' })).toEqual({
      method: 'POST',
      path: 'admin/users/4/role',
      json: { role: 'area', cityName: 'Duvall' },
    })
    expect(ROUTES.userList({})).toEqual({ method: 'GET', path: 'admin/users', query: {} })
    expect(ROUTES.notifyStop('a/b')).toEqual({ method: 'DELETE', path: 'api/notify/subscriptions/a%2Fb' })
    const subscription = { endpoint: 'https://push.example/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }
    const places = [{ place: 'wa/duvall', sections: ['statuses' as const], minPriority: 'Warning' as const, quiet: null }]
    expect(JSON.stringify(ROUTES.notifySubscribe({ subscription, lang: 'es', places }).json)).toBe(
      JSON.stringify({ subscription, lang: 'es', places }),
    )
  })

  it('writes the full address under any base', () => {
    expect(urlOf('https://api.example/', ROUTES.coverage({ state: 'wa' }))).toBe('https://api.example/api/coverage?state=wa')
    expect(urlOf('https://api.example', ROUTES.feeds())).toBe('https://api.example/api/feeds')
    expect(urlOf('http://x', ROUTES.reaction({ lat: 1, lon: 2, route: 'wa/duvall' }, 7))).toBe(
      'http://x/api/reaction?lat=1.00&lon=2.00&route=wa%2Fduvall&_t=7',
    )
  })
})

describe('the answer checks', () => {
  const good: { [Name in RouteName]?: unknown } = {
    reaction: reaction([alertItem({ source: { name: 'WSDOT', url: null }, startsAt: null })]),
    itemGet: itemRecord({ feedId: 'wsdot' }),
    itemList: { items: [itemRecord()], total: 1 },
    manageSave: manageAnswer(),
    email: session(),
    forgotPassword: forgotAnswer,
    logout: { ok: true },
    userList: userList(),
    userRole: user({ role: 4, roleName: 'area', cityName: 'Duvall', pageName: null }),
    signInWithKey: { token: 'a.b.c', itemId: 3 },
    notifyKey: { publicKey: 'BEl6' },
    notifySubscribe: { id: 'x'.repeat(22), secret: 's' },
  }

  it('take the answers the server sends', () => {
    for (const [name, body] of Object.entries(good)) expect(isAnswer(name as RouteName, body), name).toBe(true)
  })

  it('refuse other shapes, every route', () => {
    // The notify calls whose answers the client reads by their status only take any body.
    const byStatus: readonly RouteName[] = ['notifyResubscribe', 'notifyStop', 'notifyEmail']
    for (const name of (Object.keys(ROUTES) as RouteName[]).filter((name) => !byStatus.includes(name))) {
      expect(isAnswer(name, null), name).toBe(false)
      expect(isAnswer(name, '<!doctype html>'), name).toBe(false)
      expect(isAnswer(name, { error: 'Not found', code: 'not_found' }), name).toBe(false)
    }
    expect(isAnswer('reaction', { ...reaction(), local: undefined })).toBe(false)
    expect(isAnswer('reaction', reaction([{ ...alertItem(), lat: '47.7' } as never]))).toBe(false)
    expect(isAnswer('reaction', reaction([{ ...alertItem(), data: undefined } as never]))).toBe(false)
    expect(isAnswer('itemGet', { ...itemRecord(), order: 1.5 })).toBe(false)
    expect(isAnswer('forgotPassword', { ok: false })).toBe(false)
    expect(isAnswer('userList', { users: [{ ...user(), itemId: '3' }], total: 1 })).toBe(false)
  })
})
