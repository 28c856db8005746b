// The reaction answer says, per section, whether the sources that cover the point answered (issue 38): a client can
// tell "nothing is reported" from "it could not be checked", and never says the first when it is the second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { COVERAGE_TTL_MS } from '../../server/lib/coverage-answer.ts'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

type Missing = { name: string; sources: number; failing: number; stale: number; waiting: number; lastSuccessAt: string | null }
type Health = { status: string; missing: Missing[] }
type Section = { messages: unknown[]; health: Health }
type Answer = Record<'statuses' | 'roads' | 'cameras' | 'local', Section>
type Coverage = { national: Record<string, string[]>; states: { code: string; sections: Record<string, string[]> }[] }

describe.each(await backends())('the reaction’s section health on $name', (backend) => {
  let api: Harness
  const later = (ms: number) => (api.clock.now = new Date(api.clock.now.getTime() + ms))
  // The harness keeps answers 5 s by their point: each ask is a point of its own, a few metres apart.
  let asked = 0
  const duvall = () => `lat=${(47.74 + ++asked / 10_000).toFixed(4)}&lon=-121.99&route=wa/duvall`
  const reaction = async (query: string) => (await api.send('GET', `/api/reaction?${query}`)).body as Answer
  /** The ids of the running sources that cover a state's section, as the coverage page lists them. */
  const covering = async (state: string, section: string) => {
    const body = (await api.send('GET', `/api/coverage?state=${state}`)).body as Coverage
    const sources = (body as unknown as { sources: { id: string; status: string }[] }).sources
    const ids = new Set([...body.national[section]!, ...body.states[0]!.sections[section]!])
    return sources.filter((source) => ids.has(source.id) && source.status !== 'off').map((source) => source.id)
  }
  const setRows = async (ids: string[], values: { failures: number; last_success_at: string | null }) => {
    await ensureFeedRows(api.store.db, ids, api.clock.now)
    await api.store.db.updateTable('feeds').set(values).where('id', 'in', ids).execute()
    later(COVERAGE_TTL_MS + 1000)
  }

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0', REACTION_CACHE_SECONDS: '0' })
  })
  afterAll(() => api.close())

  it('says "down" while no covering source has answered yet: nothing is known, so nothing is all clear', async () => {
    const body = await reaction(duvall())
    expect(body.statuses.messages).toEqual([])
    expect(body.statuses.health.status).toBe('down')
    expect(body.statuses.health.missing.map((missing) => missing.name)).toContain('NOAA/National Weather Service')
    expect(body.statuses.health.missing.every((missing) => missing.waiting === missing.sources)).toBe(true)
  })

  it('says "ok" once every covering source answered, "partial" when one of them fails, with its last success', async () => {
    const ids = await covering('wa', 'statuses')
    expect(ids).toEqual(expect.arrayContaining(['nws-alerts', 'ipaws-public']))
    const answered = api.clock.now.toISOString()
    await setRows(ids, { failures: 0, last_success_at: answered })
    expect((await reaction(duvall())).statuses.health).toEqual({ status: 'ok', missing: [] })

    await setRows(['nws-alerts'], { failures: 3, last_success_at: answered })
    const { health } = (await reaction(duvall())).statuses
    expect(health.status).toBe('partial')
    expect(health.missing).toEqual([
      { name: 'NOAA/National Weather Service', sources: 1, failing: 1, stale: 0, waiting: 0, lastSuccessAt: answered },
    ])

    await setRows(ids, { failures: 2, last_success_at: answered })
    expect((await reaction(duvall())).statuses.health.status).toBe('down')
  })

  it('finds a coordinate page’s state from the nearest place, and groups a publisher’s sources in one line', async () => {
    const roads = await covering('ca', 'roads')
    const caltrans = roads.filter((id) => id.startsWith('caltrans-lcs-'))
    expect(caltrans.length).toBe(12)
    await setRows(roads, { failures: 0, last_success_at: api.clock.now.toISOString() })
    await setRows(caltrans, { failures: 1, last_success_at: null })
    // Los Angeles by its point alone (no route).
    const { health } = (await reaction(`lat=${(34.05 + ++asked / 10_000).toFixed(4)}&lon=-118.24`)).roads
    expect(health.missing.find((missing) => missing.name === 'Caltrans')).toEqual({
      name: 'Caltrans',
      sources: 12,
      failing: 12,
      stale: 0,
      waiting: 0,
      lastSuccessAt: null,
    })
  })

  it('says "stale" for a source past its threshold, and "none" where no source runs', async () => {
    const ids = await covering('wa', 'statuses')
    await setRows(ids, { failures: 0, last_success_at: new Date(api.clock.now.getTime() - 30 * 86_400_000).toISOString() })
    const body = await reaction(duvall())
    expect(body.statuses.health.status).toBe('down')
    expect(body.statuses.health.missing.some((missing) => missing.stale > 0)).toBe(true)
    // The middle of the Pacific: in no state, so no source covers it, the nationwide ones included.
    expect((await reaction('lat=10&lon=-150')).statuses.health).toEqual({ status: 'none', missing: [] })
  })
})
