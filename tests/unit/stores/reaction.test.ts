import { cleanTestStorage } from '@nanostores/persistent'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AlertItem, Reaction } from '../../../src/lib/items.ts'
import { alertItem } from '../live/alert-item.ts'

const reactionCall = vi.fn<(query: unknown) => Promise<Reaction>>()
vi.mock('../../../src/lib/api/reaction.ts', () => ({ getReaction: (query: unknown) => reactionCall(query) }))

// Each test gets fresh stores: a source keeps its data in memory across mounts.
type Modules = typeof import('../../../src/lib/stores/reaction.ts') &
  typeof import('../../../src/lib/stores/banner.ts') &
  typeof import('../../../src/lib/stores/place.ts') &
  typeof import('../../../src/lib/stores/settings.ts')
async function fresh(): Promise<Modules> {
  vi.resetModules()
  return {
    ...(await import('../../../src/lib/stores/reaction.ts')),
    ...(await import('../../../src/lib/stores/banner.ts')),
    ...(await import('../../../src/lib/stores/place.ts')),
    ...(await import('../../../src/lib/stores/settings.ts')),
  }
}

const item = (id: number, fields: Partial<AlertItem> = {}): AlertItem =>
  alertItem({ id, state: 'open', dataCategory: 'school', ...fields })
const answer = (statuses: AlertItem[] = []): Reaction => ({
  statuses: { messages: statuses },
  roads: { messages: [item(50, { dataAspect: 'roads', priority: 'Normal' })] },
  cameras: { messages: [] },
  local: { messages: [item(60, { dataAspect: 'local' })] },
})
const flush = () => vi.advanceTimersByTimeAsync(0)

describe('reaction store (the "live" reading)', () => {
  let stop: () => void = () => undefined
  let m: Modules
  beforeEach(async () => {
    m = await fresh()
    vi.useFakeTimers()
    vi.stubGlobal('window', new EventTarget())
    reactionCall.mockReset()
    reactionCall.mockResolvedValue(answer([item(1, { priority: 'Critical', title: 'Flood' }), item(2, { priority: 'Warning' })]))
    m.setPagePoint({ lat: 47.74, lon: -121.99, timeZone: 'America/Los_Angeles', name: 'Duvall', route: 'wa/duvall' })
  })
  afterEach(async () => {
    stop()
    // Stores unmount a second after their last listener leaves (nanostores' delay), computed ones link by link.
    await vi.advanceTimersByTimeAsync(5000)
    m.setPagePoint(null)
    cleanTestStorage()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('names its reading: stale at once, every 120 s, 2 retries', () => {
    expect(m.REACTION_READING).toEqual({ name: 'live', staleMs: 0, everyMs: 120_000, retries: 2 })
  })

  it('fetches once for the point, then every 120 s and on focus', async () => {
    stop = m.reaction.$state.listen(() => undefined)
    await flush()
    expect(reactionCall).toHaveBeenCalledTimes(1)
    expect(reactionCall).toHaveBeenLastCalledWith({ lat: 47.74, lon: -121.99, route: 'wa/duvall', layer: 0 })
    const second = m.$badgeCounts.listen(() => undefined)
    await flush()
    expect(reactionCall).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(120_000)
    expect(reactionCall).toHaveBeenCalledTimes(2)
    window.dispatchEvent(new Event('focus'))
    await flush()
    expect(reactionCall).toHaveBeenCalledTimes(3)
    second()
  })

  it('asks again for a new test layer, not for other settings', async () => {
    stop = m.reaction.$state.listen(() => undefined)
    await flush()
    m.setTheme('light')
    await flush()
    expect(reactionCall).toHaveBeenCalledTimes(1)
    m.setTestLayer(true)
    await flush()
    expect(reactionCall).toHaveBeenLastCalledWith(expect.objectContaining({ layer: 1 }))
    m.setTestLayer(false)
  })

  it('retries twice with backoff, then keeps the last good data marked failed', async () => {
    stop = m.reaction.$state.listen(() => undefined)
    await flush()
    reactionCall.mockRejectedValue(new Error('down'))
    await vi.advanceTimersByTimeAsync(120_000 + 1000 + 2000)
    expect(reactionCall).toHaveBeenCalledTimes(1 + 3)
    const state = m.reaction.$state.get()
    expect(state).toMatchObject({ state: 'ok', failed: true })
  })

  it('reports an error when the first load fails', async () => {
    reactionCall.mockRejectedValue(new Error('Unable to load data. Please try again.'))
    stop = m.reaction.$state.listen(() => undefined)
    await vi.advanceTimersByTimeAsync(3000)
    expect(m.reaction.$state.get()).toEqual({ state: 'error', message: 'Unable to load data. Please try again.' })
  })

  it('derives badges and the banner, and a dismissal lasts until a new alert appears', async () => {
    stop = m.$banner.listen(() => undefined)
    const badges = m.$badgeCounts.listen(() => undefined)
    await flush()
    expect(m.$badgeCounts.get()).toEqual({ statuses: 2, roads: 1, cameras: 0, local: 1 })
    expect(m.$bannerAlert.get()).toMatchObject({ title: 'Flood', severity: 'critical', more: 1 })
    m.dismissBanner()
    expect(m.$banner.get()).toBeNull()
    reactionCall.mockResolvedValue(
      answer([
        item(1, { priority: 'Critical', title: 'Flood' }),
        item(2, { priority: 'Warning' }),
        item(3, { priority: 'Urgent' }),
      ]),
    )
    await vi.advanceTimersByTimeAsync(120_000)
    expect(m.$banner.get()).toMatchObject({ title: 'Flood', more: 2 })
    badges()
  })

  it('keeps a place whose banner is dismissed, by a key its sections and languages share (issue 38)', () => {
    expect(m.placeKey('/es/wa/duvall/roads')).toBe('/wa/duvall')
    expect(m.placeKey('/wa/duvall')).toBe('/wa/duvall')
    expect(m.placeKey('/WA/Duvall/statuses/')).toBe('/wa/duvall')
    // A state code is not a language: /de/de/... keeps its place.
    expect(m.placeKey('/de/de/wilmington/cameras')).toBe('/de/wilmington')
    m.syncBannerOff('/wa/duvall', true)
    m.syncBannerOff('/wa/duvall', true)
    expect(m.$bannerOffPlaces.get()).toEqual(['/wa/duvall'])
    m.syncBannerOff('/wa/duvall', false)
    expect(m.$bannerOffPlaces.get()).toEqual([])
  })
})
