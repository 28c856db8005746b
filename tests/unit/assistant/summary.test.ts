import { describe, expect, it } from 'vitest'
import { SUMMARY_MAX } from '../../../src/lib/assistant/limits.ts'
import { buildSummary } from '../../../src/lib/assistant/summary.ts'
import { alertItem } from '../live/alert-item.ts'
import { FETCHED, snapshot, translator } from './fixture.ts'

describe('buildSummary', () => {
  it('holds every source with its age, in the visitor units', () => {
    const text = buildSummary(snapshot(), translator('en'))
    expect(text).toContain('Place: Duvall, WA; time zone America/Los_Angeles; local time Thursday 9:20 PM')
    expect(text).toContain('[Forecast (Open-Meteo), updated 10 minutes ago]')
    expect(text).toContain('Now: Overcast, 37°F, feels like 31°F')
    expect(text).toContain('High Wind Warning (Severe)')
    expect(text).toContain('US AQI 42 (Good)')
    expect(text).toContain('- Valley Hop Taproom: open now until 10:00 PM')
    expect(text).toContain('- Stella Street Pizza: closed now, opens Friday 11:00 AM')
    expect(text).toContain('SR 203 Duvall to Carnation: Southbound: right lane closed: active, southbound, lane closure')
  })

  it('says which sources are missing', () => {
    const text = buildSummary(snapshot({ air: { state: 'loading' }, alerts: { state: 'error' } }), translator('de'))
    expect(text).toContain('[Air quality (Open-Meteo): still loading]')
    expect(text).toContain('[Weather alerts (National Weather Service): failed to load]')
    expect(text).toContain('Regen')
  })

  it('stays within the size limit', () => {
    const statuses = Array.from({ length: 40 }, (_, i) =>
      alertItem({ id: i + 1, title: 'x'.repeat(200), data: { ...alertItem({ id: 1 }).data, lines: ['y'.repeat(500)] } }),
    )
    const live = { state: 'ok' as const, data: { statuses, roads: [], businesses: [] }, fetchedAt: FETCHED, failed: false }
    const text = buildSummary(snapshot({ live }), translator('en'))
    expect(text.length).toBeLessThanOrEqual(SUMMARY_MAX)
  })
})
