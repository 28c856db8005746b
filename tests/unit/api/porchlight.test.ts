import { describe, expect, it } from 'vitest'
import { ApiError, NETWORK_ERROR, createApi, type Api } from '../../../src/lib/api/porchlight.ts'
import { itemRecord, manageAnswer, session, user, userList } from './fixtures.ts'

type Seen = { url: string; method: string; headers: Headers; body: string | null }

function fakeFetch(status: number, body: unknown, seen: Seen[] = []): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init)
    seen.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.body ? await request.text() : null,
    })
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
}

describe('Porchlight API client', () => {
  it('adds the stored bearer token', async () => {
    const seen: Seen[] = []
    const api = createApi(() => 'a.b.c', { base: 'http://api.test', fetch: fakeFetch(200, itemRecord({ id: 12 }), seen) })
    await api.items.get(12.7)
    expect(seen[0]).toMatchObject({ method: 'GET', url: 'http://api.test/items/12' })
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer a.b.c')
  })

  it('sends no Authorization header when signed out', async () => {
    const seen: Seen[] = []
    await createApi(() => null, { base: 'http://api.test', fetch: fakeFetch(200, session(), seen) }).auth.email('a@b.org', 'pw')
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: 'http://api.test/auth/email',
      body: '{"email":"a@b.org","password":"pw"}',
    })
    expect(seen[0]!.headers.has('authorization')).toBe(false)
  })

  it('posts the manage payload as JSON', async () => {
    const seen: Seen[] = []
    const api = createApi(() => 'a.b.c', { base: 'http://api.test', fetch: fakeFetch(200, manageAnswer(), seen) })
    // The payload's item fields are not in the server schema's type yet (server/lib/item-input.ts builds them).
    const payload = { Id: 12, Title: 'Open' }
    await api.manage.save(12, payload)
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'http://api.test/api/manage/12', body: '{"Id":12,"Title":"Open"}' })
  })

  it('turns the server’s { error } into an ApiError with its status', async () => {
    const api = createApi(() => null, {
      base: 'http://api.test',
      fetch: fakeFetch(403, { error: 'You do not have permission to view users.' }),
    })
    await expect(api.users.list()).rejects.toEqual(new ApiError(403, 'You do not have permission to view users.'))
    await expect(api.users.list()).rejects.toMatchObject({ problems: null })
  })

  it('falls back to the SPEC text of the call', async () => {
    const api = createApi(() => null, { base: 'http://api.test', fetch: fakeFetch(500, 'oops') })
    await expect(api.manage.unlock(3)).rejects.toMatchObject({ status: 500, message: 'Failed to unlock item' })
  })

  it('reports a network failure in plain words', async () => {
    const api = createApi(() => null, { base: 'http://api.test', fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
    await expect(api.auth.logout()).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR })
  })

  describe('answers checked at the boundary', () => {
    const base = 'http://api.test'

    it('gives an answer of another shape as bad_response, never to the caller', async () => {
      const cases = [
        ['items.get', (api: Api) => api.items.get(1), { ...itemRecord(), title: 7 }],
        ['items.list', (api: Api) => api.items.list(), { items: [itemRecord({ lat: Number.NaN })] }],
        ['auth.email', (api: Api) => api.auth.email('a@b.org', 'pw'), { token: 'a.b.c' }],
        ['forgotPassword', (api: Api) => api.auth.forgotPassword('a@b.org'), { message: 'Sent' }],
        ['users.list', (api: Api) => api.users.list(), { users: [{ ...user(), role: 'admin' }], total: 1 }],
        ['users.add', (api: Api) => api.users.add({ email: 'a@b.org', name: '', role: 'page', pageName: 'wa/duvall' }), '<html>'],
        ['feeds', (api: Api) => api.feeds(), { feeds: null }],
        ['manage.save', (api: Api) => api.manage.save(1, {}), { record: {}, item: {} }],
      ] as const
      for (const [name, run, body] of cases) {
        const api = createApi(() => null, { base, fetch: fakeFetch(200, body) })
        await expect(run(api), name).rejects.toMatchObject({
          status: 0,
          message: 'The server sent an answer that could not be read. Please try again.',
          problems: [{ code: 'bad_response' }],
        })
      }
    })

    it('hands a good answer over as it came, fields it does not know included', async () => {
      const answer = { ...userList(), page: 1 }
      const api = createApi(() => null, { base, fetch: fakeFetch(200, answer) })
      await expect(api.users.list({ limit: 10, offset: 20 })).resolves.toEqual(answer)
    })
  })

  describe('error codes', () => {
    const base = 'http://api.test'

    it('keeps the codes and values the server names', async () => {
      const body = { error: 'Unsupported provider: gitlab', code: 'unsupported_provider', params: { provider: 'gitlab' } }
      const api = createApi(() => null, { base, fetch: fakeFetch(400, body) })
      await expect(api.auth.callback('gitlab', 'c')).rejects.toMatchObject({
        status: 400,
        message: 'Unsupported provider: gitlab',
        problems: [{ code: 'unsupported_provider', params: { provider: 'gitlab' } }],
      })
    })

    it('names the call’s own fallback by its code', async () => {
      const api = createApi(() => null, { base, fetch: fakeFetch(500, 'oops') })
      await expect(api.manage.save(3, {})).rejects.toMatchObject({ status: 500, problems: [{ code: 'save_failed' }] })
    })

    it('names no connection, no answer in time and an unreadable answer by their codes', async () => {
      const offline = createApi(() => null, { base, fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
      await expect(offline.items.list()).rejects.toMatchObject({ status: 0, problems: [{ code: 'network' }] })
      const silent = createApi(() => null, { base, fetch: () => new Promise<Response>(() => undefined) })
      await expect(silent.assistant({ question: 'q', language: 'en', summary: '' }, 20)).rejects.toMatchObject({
        status: 0,
        message: 'The server took too long to answer. Please try again.',
        problems: [{ code: 'timeout' }],
      })
      const garbled = createApi(() => null, {
        base,
        fetch: () => Promise.resolve(new Response('{not json', { headers: { 'content-type': 'application/json' } })),
      })
      await expect(garbled.items.get(1)).rejects.toMatchObject({
        status: 0,
        message: 'The server sent an answer that could not be read. Please try again.',
        problems: [{ code: 'bad_response' }],
      })
    })

    it('gives the user admin calls the SPEC’s texts by code, and the server’s own refusals with theirs', async () => {
      const failing = createApi(() => null, { base, fetch: fakeFetch(500, {}) })
      await expect(failing.users.remove(2)).rejects.toMatchObject({
        status: 500,
        problems: [{ code: 'remove_user_failed', params: { status: '500' } }],
      })
      const offline = createApi(() => null, { base, fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
      await expect(offline.users.list()).rejects.toMatchObject({ status: 0, problems: [{ code: 'users_unavailable' }] })
      const refusing = createApi(() => null, {
        base,
        fetch: fakeFetch(403, { error: 'Only a superadmin can make a superadmin.', code: 'superadmin_only_make' }),
      })
      await expect(refusing.users.assignRole(2, 'superadmin')).rejects.toMatchObject({
        status: 403,
        message: 'Only a superadmin can make a superadmin.',
        problems: [{ code: 'superadmin_only_make' }],
      })
    })
  })

  describe('a refused token', () => {
    /** Answers 401 to the first call and 200 after, recording the token each call carried. */
    function revokedOnce(tokens: (string | null)[], body: unknown = { items: [], total: 0 }): typeof fetch {
      return (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init)
        tokens.push(request.headers.get('authorization'))
        const status = tokens.length === 1 ? 401 : 200
        return Promise.resolve(
          new Response(JSON.stringify(status === 401 ? { error: 'Authentication required' } : body), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
        )
      }
    }

    it('renews the session once and retries with the new token', async () => {
      const tokens: (string | null)[] = []
      let token = 'old.token.x'
      const api = createApi(() => token, {
        base: 'http://api.test',
        fetch: revokedOnce(tokens),
        onUnauthorized: () => {
          token = 'new.token.y'
          return Promise.resolve(true)
        },
      })
      await expect(api.items.list()).resolves.toEqual({ items: [], total: 0 })
      expect(tokens).toEqual(['Bearer old.token.x', 'Bearer new.token.y'])
    })

    it('gives up when the session cannot be renewed', async () => {
      const tokens: (string | null)[] = []
      const api = createApi(() => 'old.token.x', {
        base: 'http://api.test',
        fetch: revokedOnce(tokens),
        onUnauthorized: () => Promise.resolve(false),
      })
      await expect(api.items.list()).rejects.toMatchObject({ status: 401, message: 'Authentication required' })
      expect(tokens).toHaveLength(1)
    })

    it('never renews for a signed-out call or the sign-in calls themselves', async () => {
      let renewals = 0
      const onUnauthorized = () => {
        renewals++
        return Promise.resolve(true)
      }
      const signedOut = createApi(() => null, { base: 'http://api.test', fetch: revokedOnce([]), onUnauthorized })
      await expect(signedOut.items.list()).rejects.toMatchObject({ status: 401 })
      const refreshing = createApi(() => 'old.token.x', { base: 'http://api.test', fetch: revokedOnce([]), onUnauthorized })
      await expect(refreshing.auth.refresh()).rejects.toMatchObject({ status: 401 })
      expect(renewals).toBe(0)
    })

    it('renews for the user admin calls too', async () => {
      const tokens: (string | null)[] = []
      let token = 'old.token.x'
      const api = createApi(() => token, {
        base: 'http://api.test',
        fetch: revokedOnce(tokens, userList()),
        onUnauthorized: () => {
          token = 'new.token.y'
          return Promise.resolve(true)
        },
      })
      await api.users.list()
      expect(tokens).toEqual(['Bearer old.token.x', 'Bearer new.token.y'])
    })
  })
})
