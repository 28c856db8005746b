import { cleanTestStorage } from '@nanostores/persistent'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { TelemetryHost } from '../../../src/lib/client/telemetry.ts'
import { parseConnectionString } from '../../../src/lib/telemetry/config.ts'
import type { TelemetryState } from '../../../src/lib/telemetry/consent.ts'
import type { TelemetryEvent } from '../../../src/lib/telemetry/events.ts'
import { QUEUE_KEY } from '../../../src/lib/telemetry/queue.ts'

const connection = parseConnectionString('InstrumentationKey=00000000-0000-4000-8000-000000000001')!
const ON: TelemetryState = { state: 'on', connection }
const API = 'http://localhost:8787'
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (sub: string) => `${b64({ alg: 'HS256' })}.${b64({ sub, exp: 9_999_999_999 })}.sig`
const dover = { method: 'selected', lat: 39.158, lon: -75.524, route: 'de/dover', city: 'Dover', state: 'DE', zip: null } as const

/** A window, session storage and SDK loader that record what the recorder does to them. */
function fakeHost() {
  const listeners = new Map<string, ((event: unknown) => void)[]>()
  const network = vi.fn((input: RequestInfo | URL) =>
    Promise.resolve(
      new Response('{}', { status: String(input instanceof Request ? input.url : input).includes('refresh') ? 401 : 200 }),
    ),
  )
  const data = new Map<string, string>()
  const sent: TelemetryEvent[] = []
  const connect = vi.fn((_: unknown, backlog: TelemetryEvent[]) => {
    sent.push(...backlog)
    return (event: TelemetryEvent) => void sent.push(event)
  })
  let interactive: (() => void) | null = null
  const host = {
    win: {
      fetch: network as unknown as typeof fetch,
      addEventListener: vi.fn((type: string, listener: (event: unknown) => void) =>
        listeners.set(type, [...(listeners.get(type) ?? []), listener]),
      ),
    },
    storage: {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    },
    page: () => ({ title: 'Dover, DE', href: 'https://p.example/de/dover?x=1', referrer: '', section: 'weather', lang: 'en' }),
    whenInteractive: vi.fn((run: () => void) => (interactive = run)),
    loadSdk: vi.fn(() => Promise.resolve({ connect })),
  }
  return {
    host: host as unknown as TelemetryHost & typeof host,
    network,
    connect,
    sent,
    emit: (type: string, event: unknown) => listeners.get(type)?.forEach((listener) => listener(event)),
    queued: (): TelemetryEvent[] => JSON.parse(data.get(QUEUE_KEY) ?? '[]') as TelemetryEvent[],
    becomeInteractive: async () => {
      interactive?.()
      await vi.waitFor(() => expect(connect).toHaveBeenCalled())
    },
  }
}

const names = (events: TelemetryEvent[]) => events.map((event) => (event.kind === 'page' ? 'page' : event.name))

// Fresh stores for each test, so listeners of one test never see another's changes.
async function load() {
  vi.resetModules()
  return {
    ...(await import('../../../src/lib/client/telemetry.ts')),
    ...(await import('../../../src/lib/stores/session.ts')),
    ...(await import('../../../src/lib/stores/locations.ts')),
    ...(await import('../../../src/lib/stores/search.ts')),
  }
}

describe('the telemetry loader', () => {
  beforeEach(() => cleanTestStorage())

  it.each([
    ['not configured', { state: 'off', reason: 'unconfigured' }],
    ['Global Privacy Control', { state: 'off', reason: 'gpc' }],
    ['Do Not Track', { state: 'off', reason: 'dnt' }],
  ] as const)('%s: wraps, listens to, stores and loads nothing', async (_, state) => {
    const { startTelemetry, $selectedLocation, $authToken } = await load()
    const fake = fakeHost()
    const original = fake.host.win.fetch
    expect(startTelemetry(state, fake.host)).toBe(false)
    $selectedLocation.set(dover)
    $authToken.set(token('1'))
    expect(fake.host.win.fetch).toBe(original)
    expect(fake.host.win.addEventListener).not.toHaveBeenCalled()
    expect(fake.host.whenInteractive).not.toHaveBeenCalled()
    expect(fake.host.loadSdk).not.toHaveBeenCalled()
    expect(fake.queued()).toEqual([])
  })

  it('keeps what happens before the SDK loads, then hands it over in order', async () => {
    const { startTelemetry, $selectedLocation, $searchChoice } = await load()
    const fake = fakeHost()
    expect(startTelemetry(ON, fake.host)).toBe(true)
    await fake.host.win.fetch(`${API}/api/reaction?lat=39.16&lon=-75.52&_t=1`)
    await fake.host.win.fetch('/data/cities.txt')
    $searchChoice.set({ queryLength: 3, resultCount: 10, position: 1, route: 'de/dover' })
    $selectedLocation.set(dover)
    fake.emit('error', { error: new TypeError('boom'), message: 'boom' })
    fake.emit('unhandledrejection', { reason: 'nope' })
    expect(names(fake.queued())).toEqual(['page', 'GET /api/reaction', 'Search', 'LocationChanged', 'TypeError', 'Error'])
    expect(fake.host.loadSdk).not.toHaveBeenCalled()

    await fake.becomeInteractive()
    expect(fake.connect).toHaveBeenCalledWith(connection, expect.any(Array))
    expect(names(fake.sent)).toEqual(['page', 'GET /api/reaction', 'Search', 'LocationChanged', 'TypeError', 'Error'])
    expect(fake.queued()).toEqual([])
    $selectedLocation.set({ ...dover, lat: 40 })
    expect(names(fake.sent).at(-1)).toBe('LocationChanged')
    expect(fake.queued()).toEqual([])
  })

  it('names the sign-in provider from the call that made the session, and reports a failed refresh', async () => {
    const { startTelemetry, $authToken } = await load()
    const fake = fakeHost()
    startTelemetry(ON, fake.host)
    await fake.host.win.fetch(new Request(`${API}/auth/email`, { method: 'POST' }))
    $authToken.set(token('7'))
    await fake.host.win.fetch(new Request(`${API}/auth/refresh`, { method: 'POST' }))
    $authToken.set(null)
    const auth = fake.queued().filter((event) => event.kind === 'event')
    expect(auth.map((event) => [event.name, event.properties['provider']])).toEqual([
      ['SignedIn', 'email'],
      ['RefreshFailed', 'email'],
      ['SignedOut', 'email'],
    ])
    expect(JSON.stringify(fake.queued())).not.toContain(token('7'))
  })

  it('passes fetch results and failures through unchanged', async () => {
    const { startTelemetry } = await load()
    const fake = fakeHost()
    startTelemetry(ON, fake.host)
    const response = await fake.host.win.fetch(`${API}/api/cities?city=x`)
    expect(response.status).toBe(200)
    fake.network.mockRejectedValueOnce(new TypeError('offline'))
    await expect(fake.host.win.fetch(`${API}/api/reaction`)).rejects.toThrow('offline')
    expect(
      fake
        .queued()
        .filter((event) => event.kind === 'dependency')
        .map((event) => event.kind === 'dependency' && event.resultCode),
    ).toEqual([200, 0])
  })

  it('records the API where the API client calls it', async () => {
    const { dependencyTargets } = await load()
    const { apiBase } = await import('../../../src/lib/api/porchlight.ts')
    expect(dependencyTargets()[0]).toEqual({ service: 'api', base: apiBase() })
  })

  it('does not count a change another tab made', async () => {
    const { startTelemetry, $selectedLocation } = await load()
    const fake = fakeHost()
    startTelemetry(ON, fake.host)
    fake.emit('storage', {})
    $selectedLocation.set(dover)
    expect(names(fake.queued())).toEqual(['page'])
  })
})
