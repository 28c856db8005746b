import { describe, expect, it } from 'vitest'
import { ApiError, NETWORK_ERROR, createApi } from '../../../src/lib/api/porchlight.ts'

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
  it('adds the stored bearer token and rounds the reaction point to 2 decimals', async () => {
    const seen: Seen[] = []
    const api = createApi(() => 'a.b.c', { base: 'http://api.test', fetch: fakeFetch(200, { statuses: { messages: [] } }, seen) })
    await api.reaction({ lat: 47.74232, lon: -121.98568, route: 'wa/duvall', layer: 2 })
    const url = new URL(seen[0]!.url)
    expect(url.pathname).toBe('/api/reaction')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ lat: '47.74', lon: '-121.99', route: 'wa/duvall', layer: '2' })
    expect(url.searchParams.get('_t')).toMatch(/^\d+$/)
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer a.b.c')
  })

  it('sends no Authorization header when signed out', async () => {
    const seen: Seen[] = []
    await createApi(() => null, { base: 'http://api.test', fetch: fakeFetch(200, [], seen) }).cities('duv')
    expect(seen[0]!.headers.has('authorization')).toBe(false)
  })

  it('posts the manage payload as JSON', async () => {
    const seen: Seen[] = []
    const api = createApi(() => 'a.b.c', { base: 'http://api.test', fetch: fakeFetch(200, { record: {}, item: {} }, seen) })
    await api.manage.save(12, { Id: 12, Title: 'Open' })
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'http://api.test/api/manage/12', body: '{"Id":12,"Title":"Open"}' })
  })

  it('turns the server’s { error } into an ApiError with its status', async () => {
    const api = createApi(() => null, {
      base: 'http://api.test',
      fetch: fakeFetch(403, { error: 'You do not have permission to view users.' }),
    })
    await expect(api.users.list()).rejects.toEqual(new ApiError(403, 'You do not have permission to view users.'))
  })

  it('falls back to the SPEC text of the call', async () => {
    const api = createApi(() => null, { base: 'http://api.test', fetch: fakeFetch(500, 'oops') })
    await expect(api.items.lock(3)).rejects.toMatchObject({ status: 500, message: 'Failed to lock item' })
  })

  it('reports a network failure in plain words', async () => {
    const api = createApi(() => null, { base: 'http://api.test', fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
    await expect(api.auth.me()).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR })
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
    function revokedOnce(tokens: (string | null)[]): typeof fetch {
      return (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init)
        tokens.push(request.headers.get('authorization'))
        const status = tokens.length === 1 ? 401 : 200
        return Promise.resolve(
          new Response(JSON.stringify(status === 401 ? { error: 'Authentication required' } : { items: [], total: 0 }), {
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
        fetch: revokedOnce(tokens),
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
