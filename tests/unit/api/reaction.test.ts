import { describe, expect, it } from 'vitest'
import { ReactionError, checkedReaction, getReaction, reactionUrl } from '../../../src/lib/api/reaction.ts'
import type { Reaction } from '../../../src/lib/api/types.ts'
import { alertItem, reaction } from './fixtures.ts'

type Seen = { url: string; headers: Headers; credentials: RequestCredentials | undefined }

/** Answers each call with the next status (the last one repeats), recording what was sent. */
function fakeFetch(statuses: number[], body: (status: number) => unknown, seen: Seen[] = []): typeof fetch {
  return (input, init) => {
    const status = statuses[Math.min(seen.length, statuses.length - 1)]!
    seen.push({
      url: input instanceof Request ? input.url : input.toString(),
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
    })
    return Promise.resolve(
      new Response(JSON.stringify(body(status)), { status, headers: { 'content-type': 'application/json' } }),
    )
  }
}
const data: Reaction = reaction([alertItem()])

describe('the reaction call without ky', () => {
  it('rounds the point to 2 decimals, adds route, layer and a timestamp', () => {
    const url = new URL(reactionUrl('http://api.test/', { lat: 47.74232, lon: -121.98568, route: 'wa/duvall', layer: 2 }, 5))
    expect(url.origin + url.pathname).toBe('http://api.test/api/reaction')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lat: '47.74',
      lon: '-121.99',
      route: 'wa/duvall',
      layer: '2',
      _t: '5',
    })
    expect(new URL(reactionUrl('http://api.test', { lat: 1, lon: 2, route: null, layer: 0 })).searchParams.has('route')).toBe(
      false,
    )
  })

  it('sends the bearer token and the cookies, and returns the answer', async () => {
    const seen: Seen[] = []
    const answer = await getReaction(
      { lat: 47.74, lon: -121.99 },
      { token: () => 'a.b.c', base: 'http://api.test', fetch: fakeFetch([200], () => data, seen) },
    )
    expect(answer).toEqual(data)
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer a.b.c')
    expect(seen[0]!.credentials).toBe('include')
  })

  it('gives an answer of another shape as bad_response (a proxy’s page, an older server)', async () => {
    for (const body of [{ statuses: { messages: [] } }, reaction([{ ...alertItem(), title: null } as never]), []]) {
      const odd = fakeFetch([200], () => body)
      await expect(getReaction({ lat: 1, lon: 2 }, { token: () => null, base: 'http://x', fetch: odd })).rejects.toMatchObject({
        status: 0,
        problems: [{ code: 'bad_response' }],
      })
    }
    expect(await checkedReaction(data)).toBe(data)
    expect(await checkedReaction({ statuses: {} })).toBeNull()
  })

  it('sends no Authorization header when signed out', async () => {
    const seen: Seen[] = []
    await getReaction(
      { lat: 1, lon: 2 },
      { token: () => null, base: 'http://api.test', fetch: fakeFetch([200], () => data, seen) },
    )
    expect(seen[0]!.headers.has('authorization')).toBe(false)
  })

  it('gives the server’s { error } text with its status, else the SPEC text', async () => {
    const refused = fakeFetch([400], () => ({ error: 'Invalid request: lat' }))
    await expect(getReaction({ lat: 1, lon: 2 }, { token: () => null, base: 'http://x', fetch: refused })).rejects.toEqual(
      new ReactionError(400, 'Invalid request: lat'),
    )
    const broken = fakeFetch([500], () => 'oops')
    await expect(getReaction({ lat: 1, lon: 2 }, { token: () => null, base: 'http://x', fetch: broken })).rejects.toMatchObject({
      status: 500,
      message: 'Unable to load data. Please try again.',
      problems: [{ code: 'load_data' }],
    })
  })

  it('keeps the codes the server names, and names its own failures by code', async () => {
    const coded = fakeFetch([429], () => ({ error: 'Too many attempts. Please try again later.', code: 'too_many' }))
    await expect(getReaction({ lat: 1, lon: 2 }, { token: () => null, base: 'http://x', fetch: coded })).rejects.toMatchObject({
      status: 429,
      problems: [{ code: 'too_many' }],
    })
    const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'))
    await expect(getReaction({ lat: 1, lon: 2 }, { token: () => null, base: 'http://x', fetch: offline })).rejects.toMatchObject({
      problems: [{ code: 'network' }],
    })
    const garbled: typeof fetch = () => Promise.resolve(new Response('<html>', { status: 200 }))
    await expect(getReaction({ lat: 1, lon: 2 }, { token: () => null, base: 'http://x', fetch: garbled })).rejects.toMatchObject({
      status: 0,
      message: 'The server sent an answer that could not be read. Please try again.',
      problems: [{ code: 'bad_response' }],
    })
  })

  it('reports a network failure or a timeout in plain words', async () => {
    const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'))
    await expect(getReaction({ lat: 1, lon: 2 }, { token: () => null, base: 'http://x', fetch: offline })).rejects.toMatchObject({
      status: 0,
      message: 'Network error. Please check your connection.',
    })
    const slow: typeof fetch = (_, init) =>
      new Promise((_, fail) => init?.signal?.addEventListener('abort', () => fail(new DOMException('timed out', 'TimeoutError'))))
    await expect(
      getReaction({ lat: 1, lon: 2 }, { token: () => null, base: 'http://x', fetch: slow, timeoutMs: 20 }),
    ).rejects.toMatchObject({
      status: 0,
      message: 'The server took too long to answer. Please try again.',
      problems: [{ code: 'timeout' }],
    })
  })

  it('renews a refused token once and retries with the new one', async () => {
    const seen: Seen[] = []
    let token = 'old.token.x'
    const answer = await getReaction(
      { lat: 1, lon: 2 },
      {
        token: () => token,
        base: 'http://x',
        fetch: fakeFetch([401, 200], (status) => (status === 401 ? { error: 'Authentication required' } : data), seen),
        onUnauthorized: () => ((token = 'new.token.y'), Promise.resolve(true)),
      },
    )
    expect(answer).toEqual(data)
    expect(seen.map((call) => call.headers.get('authorization'))).toEqual(['Bearer old.token.x', 'Bearer new.token.y'])
  })

  it('gives up when the session cannot be renewed, and never renews a signed-out call', async () => {
    let renewals = 0
    const onUnauthorized = () => (renewals++, Promise.resolve(false))
    const refused = () => fakeFetch([401], () => ({ error: 'Authentication required' }))
    await expect(
      getReaction({ lat: 1, lon: 2 }, { token: () => 'old.token.x', base: 'http://x', fetch: refused(), onUnauthorized }),
    ).rejects.toMatchObject({ status: 401, message: 'Authentication required' })
    await expect(
      getReaction({ lat: 1, lon: 2 }, { token: () => null, base: 'http://x', fetch: refused(), onUnauthorized }),
    ).rejects.toMatchObject({
      status: 401,
    })
    expect(renewals).toBe(1)
  })
})
