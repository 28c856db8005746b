import { cleanTestStorage } from '@nanostores/persistent'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Reaction } from '../../../src/lib/items.ts'
import { alertItem } from '../live/alert-item.ts'

const fetchJson = vi.fn<(url: string) => Promise<unknown>>()
const reactionCall = vi.fn<(query: { lat: number; lon: number }) => Promise<Reaction>>()
vi.mock('../../../src/lib/api/client.ts', () => ({ fetchJson: (url: string) => fetchJson(url) }))
vi.mock('../../../src/lib/api/reaction.ts', () => ({
  getReaction: (query: { lat: number; lon: number }) => reactionCall(query),
}))

type Modules = typeof import('../../../src/lib/stores/dashboard.ts') &
  typeof import('../../../src/lib/stores/place.ts') &
  typeof import('../../../src/lib/stores/settings.ts') &
  typeof import('../../../src/lib/stores/locations.ts')
async function fresh(): Promise<Modules> {
  vi.resetModules()
  return {
    ...(await import('../../../src/lib/stores/dashboard.ts')),
    ...(await import('../../../src/lib/stores/place.ts')),
    ...(await import('../../../src/lib/stores/settings.ts')),
    ...(await import('../../../src/lib/stores/locations.ts')),
  }
}

const place = (city: string, lat: number, lon: number) =>
  ({ method: 'selected', lat, lon, route: `wa/${city.toLowerCase()}`, city, state: 'WA', zip: null }) as const
const duvall = place('Duvall', 47.74, -121.99)
const seattle = place('Seattle', 47.61, -122.33)
const redmond = place('Redmond', 47.67, -122.12)

const current = (temperature: number) => ({ current: { temperature_2m: temperature, weather_code: 3, is_day: 1 } })
/** Open-Meteo: the page's full forecast, or the batch (one entry per requested latitude, 10 °C + index). */
function openMeteo(url: string): unknown {
  const lats = new URL(url).searchParams.get('latitude')?.split(',') ?? []
  if (url.includes('hourly=')) return { utc_offset_seconds: 0, ...current(3), hourly: {}, daily: {} }
  return lats.length === 1 ? current(10) : lats.map((_, i) => current(10 + i))
}
const nwsAnswer = (severities: string[]) => ({
  features: severities.map((severity, i) => ({ id: `a${i}`, properties: { id: `a${i}`, event: 'Wind', severity } })),
})
const reactionAnswer = (priorities: string[]): Reaction => ({
  statuses: { messages: priorities.map((priority, i) => alertItem({ id: i + 1, priority })) },
  roads: { messages: [] },
  cameras: { messages: [] },
  local: { messages: [] },
})
const urls = (part: string) => fetchJson.mock.calls.map(([url]) => url).filter((url) => url.includes(part))
const flush = () => vi.advanceTimersByTimeAsync(0)

describe('dashboard places store', () => {
  let m: Modules
  let stop: () => void = () => undefined
  beforeEach(async () => {
    m = await fresh()
    vi.useFakeTimers()
    vi.stubGlobal('window', new EventTarget())
    fetchJson.mockReset()
    reactionCall.mockReset()
    fetchJson.mockImplementation((url) =>
      Promise.resolve(url.includes('open-meteo') ? openMeteo(url) : nwsAnswer(url.includes('47.61') ? ['Severe', 'Minor'] : [])),
    )
    reactionCall.mockImplementation(({ lat }) =>
      Promise.resolve(reactionAnswer(lat === 47.61 ? ['Critical', 'Warning', 'Info'] : ['Normal'])),
    )
    m.setPagePoint({ lat: 47.74232, lon: -121.98568, timeZone: 'America/Los_Angeles', name: 'Duvall, WA', route: 'wa/duvall' })
    m.setHomeLocation({ lat: 47.74, lon: -121.99, route: 'wa/duvall', name: 'Duvall, WA' })
    m.pinLocation(seattle)
    m.visitLocation(redmond)
  })
  afterEach(async () => {
    stop()
    await vi.advanceTimersByTimeAsync(5000)
    m.setPagePoint(null)
    cleanTestStorage()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('fetches nothing until something shows the cards', async () => {
    // Reading the list itself starts nothing (reading $placeCards would: a nanostores get() mounts the store).
    expect(m.$dashboardPlaces.get().places.map((p) => p.name)).toEqual(['Duvall, WA', 'Seattle, WA', 'Redmond, WA'])
    await flush()
    expect(fetchJson).not.toHaveBeenCalled()
    expect(reactionCall).not.toHaveBeenCalled()
  })

  it('asks Open-Meteo once for every other place and reads the page’s place from the page’s sources', async () => {
    stop = m.$placeCards.listen(() => undefined)
    await flush()
    expect(urls('latitude=47.61,47.67')).toHaveLength(1)
    // The page's own forecast and alerts are the only other weather requests, once each.
    expect(urls('hourly=')).toHaveLength(1)
    expect(urls('point=47.7423,-121.9857')).toHaveLength(1)
    expect(reactionCall.mock.calls.map(([query]) => query.lat).sort()).toEqual([47.61, 47.67, 47.74232])
    const cards = m.$placeCards.get().cards
    expect(cards.map((c) => [c.key, c.now])).toEqual([
      ['47.74,-121.99', { state: 'ok', value: { temperature: 3, code: 3, isDay: true } }],
      ['47.61,-122.33', { state: 'ok', value: { temperature: 10, code: 3, isDay: true } }],
      ['47.67,-122.12', { state: 'ok', value: { temperature: 11, code: 3, isDay: true } }],
    ])
    // Seattle: a critical and a warning status, a severe NWS alert (the minor one and the info status do not count).
    expect(cards.map((c) => c.warnings)).toEqual([
      { state: 'ok', value: { count: 0, unchecked: false } },
      { state: 'ok', value: { count: 3, unchecked: false } },
      { state: 'ok', value: { count: 0, unchecked: false } },
    ])
  })

  it('keeps readings while fresh and asks only for a new place', async () => {
    stop = m.$placeCards.listen(() => undefined)
    await flush()
    fetchJson.mockClear()
    reactionCall.mockClear()
    m.pinLocation(duvall)
    m.visitLocation(seattle)
    await flush()
    expect(fetchJson).not.toHaveBeenCalled()
    m.pinLocation(place('Carnation', 47.65, -121.91))
    await flush()
    expect(urls('open-meteo')).toEqual([expect.stringContaining('latitude=47.65&longitude=-121.91&')])
    expect(reactionCall.mock.calls.map(([query]) => query.lat)).toEqual([47.65])
    expect(m.$placeCards.get().cards.map((c) => c.name)).toEqual(['Duvall, WA', 'Seattle, WA', 'Carnation, WA', 'Redmond, WA'])
  })

  it('refreshes stale readings on focus, keeping shown values when the refresh fails', async () => {
    stop = m.$placeCards.listen(() => undefined)
    await flush()
    fetchJson.mockClear()
    window.dispatchEvent(new Event('focus'))
    await flush()
    expect(urls('latitude=47.61,47.67')).toHaveLength(0)
    fetchJson.mockRejectedValue(new Error('offline'))
    reactionCall.mockRejectedValue(new Error('offline'))
    await vi.advanceTimersByTimeAsync(m.PLACES_FRESH.temperature)
    window.dispatchEvent(new Event('focus'))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(urls('latitude=47.61,47.67').length).toBeGreaterThan(0)
    expect(m.$placeCards.get().cards[1]).toMatchObject({
      now: { state: 'ok', value: { temperature: 10 } },
      warnings: { state: 'ok', value: { count: 3, unchecked: false } },
    })
  })

  it('shows a failure for places never read, after retries', async () => {
    fetchJson.mockImplementation((url) =>
      url.includes('latitude=47.61,47.67')
        ? Promise.reject(new Error('429'))
        : Promise.resolve(url.includes('open-meteo') ? openMeteo(url) : nwsAnswer([])),
    )
    reactionCall.mockImplementation(({ lat }) =>
      lat === 47.67 ? Promise.reject(new Error('down')) : Promise.resolve(reactionAnswer([])),
    )
    stop = m.$placeCards.listen(() => undefined)
    await flush()
    expect(m.$placeCards.get().cards[1]?.now).toEqual({ state: 'loading' })
    await vi.advanceTimersByTimeAsync(10_000)
    // Three tries with backoff for the temperatures, two for the warnings.
    expect(urls('latitude=47.61,47.67')).toHaveLength(3)
    expect(reactionCall.mock.calls.filter(([query]) => query.lat === 47.67)).toHaveLength(2)
    const [, seattleCard, redmondCard] = m.$placeCards.get().cards
    expect(seattleCard).toMatchObject({
      now: { state: 'error' },
      warnings: { state: 'ok', value: { count: 0, unchecked: false } },
    })
    expect(redmondCard).toMatchObject({ now: { state: 'error' }, warnings: { state: 'error' } })
  })

  it('counts a place’s statuses when the weather service fails, and marks a count its sources did not all back', async () => {
    // Seattle's NWS alerts cannot be had; Redmond's Porchlight sources did not all answer (the reaction's health).
    fetchJson.mockImplementation((url) =>
      url.includes('open-meteo')
        ? Promise.resolve(openMeteo(url))
        : url.includes('47.61')
          ? Promise.reject(new Error('weather service down'))
          : Promise.resolve(nwsAnswer([])),
    )
    reactionCall.mockImplementation(({ lat }) => {
      const answer = reactionAnswer(lat === 47.61 ? ['Critical', 'Warning', 'Info'] : ['Normal'])
      if (lat === 47.67) answer.statuses.health = { status: 'down', missing: [] }
      return Promise.resolve(answer)
    })
    stop = m.$placeCards.listen(() => undefined)
    await vi.advanceTimersByTimeAsync(10_000)
    const [, seattleCard, redmondCard] = m.$placeCards.get().cards
    expect(seattleCard?.warnings).toEqual({ state: 'ok', value: { count: 2, unchecked: true } })
    expect(redmondCard?.warnings).toEqual({ state: 'ok', value: { count: 0, unchecked: true } })
  })

  it('follows the pinned-first setting', () => {
    expect(m.$dashboardPlaces.get().places.map((p) => p.kinds.join('+'))).toEqual(['home', 'pinned', 'recent'])
    m.setPinnedFirst(false)
    expect(m.$dashboardPlaces.get().places.map((p) => p.name)).toEqual(['Duvall, WA', 'Redmond, WA', 'Seattle, WA'])
  })
})
