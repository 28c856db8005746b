import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseConnectionString } from '../../../src/lib/telemetry/config.ts'
import { authEvent, dependencyEvent, exceptionEvent, pageEvent } from '../../../src/lib/telemetry/events.ts'

/** The SDK's surface the site uses, recording calls. */
const sdk = vi.hoisted(() => ({ instances: [] as Record<string, ReturnType<typeof vi.fn>>[] }))
vi.mock('@microsoft/applicationinsights-web', () => ({
  ApplicationInsights: class {
    readonly options: unknown
    constructor(options: unknown) {
      this.options = options
      const methods = [
        'loadAppInsights',
        'addTelemetryInitializer',
        'setAuthenticatedUserContext',
        'clearAuthenticatedUserContext',
      ]
      const tracks = ['trackPageView', 'trackEvent', 'trackDependencyData', 'trackException']
      for (const name of [...methods, ...tracks]) Object.assign(this, { [name]: vi.fn() })
      sdk.instances.push(this as unknown as Record<string, ReturnType<typeof vi.fn>>)
    }
  },
}))
const { connect } = await import('../../../src/lib/client/telemetry-sdk.ts')
const { $authToken } = await import('../../../src/lib/stores/session.ts')

const connection = parseConnectionString('InstrumentationKey=00000000-0000-4000-8000-000000000001')!
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (sub: string) => `${b64({ alg: 'HS256' })}.${b64({ sub, exp: 9_999_999_999 })}.sig`
const latest = () => sdk.instances.at(-1)!

describe('connect', () => {
  afterEach(() => {
    $authToken.set(null)
    vi.unstubAllGlobals()
  })

  it('starts the SDK with the site’s configuration and sends the backlog through the matching calls', () => {
    const page = pageEvent({ title: 'T', href: 'https://p.example/x', referrer: '', section: 'weather', lang: 'en' })
    const dependency = dependencyEvent(
      { url: 'http://localhost:8787/api/reaction?lat=1', method: 'GET', status: 200, startTime: 1_000, duration: 5 },
      [{ service: 'api', base: 'http://localhost:8787' }],
    )!
    const sink = connect(connection, [page, authEvent('SignedIn', 'email'), dependency])
    const ai = latest()
    expect(ai['loadAppInsights']).toHaveBeenCalledOnce()
    expect((ai as unknown as { options: { config: unknown } }).options.config).toMatchObject({
      connectionString: connection.connectionString,
      sessionRenewalMs: 1_800_000,
    })
    expect(ai['trackPageView']).toHaveBeenCalledWith({
      name: 'T',
      uri: 'https://p.example/x',
      refUri: '',
      properties: { section: 'weather', language: 'en' },
    })
    expect(ai['trackEvent']).toHaveBeenCalledWith({ name: 'SignedIn', properties: { provider: 'email' }, measurements: {} })
    expect(ai['trackDependencyData']).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'GET /api/reaction',
        target: 'http://localhost:8787/api/reaction',
        responseCode: 200,
        startTime: new Date(1_000),
        type: 'Fetch',
      }),
    )
    sink(exceptionEvent(new RangeError('late'), 'error')!)
    const [[sent]] = ai['trackException']!.mock.calls as [[{ exception: Error }]]
    expect([sent.exception.name, sent.exception.message]).toEqual(['RangeError', 'late'])
  })

  it('sets the user context from the token before each event, only with a valid id', () => {
    const sink = connect(connection, [])
    const ai = latest()
    const event = authEvent('SignedIn', 'email')
    $authToken.set(token('42'))
    sink(event)
    expect(ai['setAuthenticatedUserContext']).toHaveBeenLastCalledWith('42', undefined, false)
    expect(ai['setAuthenticatedUserContext']!.mock.invocationCallOrder[0]).toBeLessThan(
      ai['trackEvent']!.mock.invocationCallOrder[0]!,
    )
    for (const rejected of ['4 2', 'a|b', 'a,b', 'a;b', 'a=b']) {
      $authToken.set(token(rejected))
      sink(event)
    }
    expect(ai['setAuthenticatedUserContext']).toHaveBeenCalledTimes(1)
    expect(ai['clearAuthenticatedUserContext']).toHaveBeenCalledTimes(5)
    expect(ai['trackEvent']).toHaveBeenCalledTimes(6)
  })

  it('names operations after the cleaned path (a reset link’s token is not sent)', () => {
    vi.stubGlobal('location', new URL('https://p.example/es/reset/abcdefghijklmnop?x=1'))
    connect(connection, [])
    const [[initializer]] = latest()['addTelemetryInitializer']!.mock.calls as [
      [(item: { tags: Record<string, string> }) => void],
    ]
    const item = { tags: { 'ai.operation.name': '/es/reset/abcdefghijklmnop' } }
    initializer(item)
    expect(item.tags['ai.operation.name']).toBe('/es/reset/_')
  })
})
