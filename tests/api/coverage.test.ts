// GET /api/coverage: public, cached a minute, made from the shipped feeds.json and the health rows, never leaking errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { saveRegistryRows } from '../../server/feeds/registry.ts'
import { COVERAGE_TTL_MS } from '../../server/lib/coverage-answer.ts'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

type Source = { id: string; section: string; states: string[]; status: string; off: string | null; items: number }
type Answer = {
  sources: Source[]
  registries: { id: string }[]
  national: Record<string, string[]>
  states: { code: string; name: string; sections: Record<string, string[]> }[]
}

describe.each(await backends())('GET /api/coverage on $name', (backend) => {
  let api: Harness
  const get = async (query = '') => {
    const answer = await api.send('GET', `/api/coverage${query}`)
    return { status: answer.status, body: answer.body as Answer, headers: answer.headers }
  }
  const later = (ms: number) => (api.clock.now = new Date(api.clock.now.getTime() + ms))

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0' })
  })
  afterAll(() => api.close())

  it('answers anyone with every source, by section and state, cacheable', async () => {
    const { status, body, headers } = await get()
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('public, max-age=60')
    const ca = body.states.find((state) => state.code === 'ca')!
    expect(ca.name).toBe('California')
    expect(ca.sections.roads).toContain('caltrans-lcs-d04')
    expect(ca.sections.cameras).toContain('caltrans-d04')
    expect(body.national.statuses).toEqual(expect.arrayContaining(['nws-alerts', 'ipaws-public', 'wfigs-perimeters']))
    expect(body.registries.map((registry) => registry.id)).toEqual(expect.arrayContaining(['wzdx-feed-registry']))
    expect(body.sources.find((source) => source.id === 'wsdot-cameras')).toMatchObject({
      states: ['wa'],
      status: 'off',
      off: 'key',
    })
    // Configuration examples without an address are not sources.
    expect(body.sources.find((source) => source.id === 'camera-mapping-example')).toBeUndefined()
  })

  it('follows the health rows and the registry within a minute, and never shows an error or key', async () => {
    await ensureFeedRows(api.store.db, ['caltrans-lcs-d04'], api.clock.now)
    await api.store.db
      .updateTable('feeds')
      .set({ failures: 2, last_error: 'HTTP 503 from https://cwwp2.example/?token=SECRET-1' })
      .where('id', '=', 'caltrans-lcs-d04')
      .execute()
    const row = {
      state: 'Washington',
      publisher: 'WSDOT',
      feedName: 'WSDOT WZDx',
      active: true,
      needsKey: false,
      scheduleSeconds: 300,
    }
    await saveRegistryRows(
      api.store.db,
      'wzdx-feed-registry',
      [
        {
          ...row,
          id: 'wzdx-wa-wsdot-wzdx',
          url: 'https://wsdot.example/wzdx',
          format: 'geojson',
          version: '4.2',
          keyUrl: null,
          unsupported: null,
        },
      ],
      api.clock.now,
    )
    // Within the minute: the kept answer.
    expect((await get()).body.sources.find((source) => source.id === 'caltrans-lcs-d04')!.status).not.toBe('failing')
    later(COVERAGE_TTL_MS + 1000)
    const { body } = await get()
    expect(body.sources.find((source) => source.id === 'caltrans-lcs-d04')).toMatchObject({ status: 'failing', off: null })
    expect(body.states.find((state) => state.code === 'wa')!.sections.roads).toEqual(['wzdx-wa-wsdot-wzdx'])
    expect(JSON.stringify(body)).not.toMatch(/SECRET-1|HTTP 503|token=|FEED_[A-Z_]+_KEY|WSDOT_ACCESS_CODE/)
  })

  it('answers one state with the nationwide sources and its own', async () => {
    const { status, body } = await get('?state=WA')
    expect(status).toBe(200)
    expect(body.states.map((state) => state.code)).toEqual(['wa'])
    const ids = body.sources.map((source) => source.id)
    expect(ids).toEqual(expect.arrayContaining(['nws-alerts', 'wsdot-cameras', 'wzdx-wa-wsdot-wzdx']))
    expect(ids).not.toContain('caltrans-lcs-d04')
  })

  it.each(['zz', 'us', 'washington', '<script>', "wa' or 1=1"])('refuses the state %j', async (state) => {
    const { status, body } = await get(`?state=${encodeURIComponent(state)}`)
    expect(status).toBe(400)
    expect(body).toHaveProperty('error')
  })
})
