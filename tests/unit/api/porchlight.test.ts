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
