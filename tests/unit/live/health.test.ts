// The live sections' word on their sources (src/lib/live/health.ts): no all-clear unless the covering sources answered.
import { describe, expect, it } from 'vitest'
import { useTranslations } from '../../../src/i18n/index.ts'
import { healthNote, missingSources } from '../../../src/lib/live/health.ts'
import { unchecked, type SectionHealth } from '../../../src/lib/live/unchecked.ts'

const en = useTranslations('en')
const es = useTranslations('es')
const now = Date.UTC(2026, 11, 2, 18, 0)
const nws = {
  name: 'NOAA/National Weather Service',
  sources: 1,
  failing: 1,
  stale: 0,
  waiting: 0,
  lastSuccessAt: '2026-12-02T15:40:00Z',
}
const ipaws = { name: 'FEMA IPAWS', sources: 1, failing: 0, stale: 0, waiting: 1, lastSuccessAt: null }
const caltrans = { name: 'Caltrans', sources: 12, failing: 12, stale: 0, waiting: 0, lastSuccessAt: null }

describe('unchecked', () => {
  it.each([
    [{ status: 'down', missing: [] }, true],
    [{ status: 'partial', missing: [] }, true],
    [{ status: 'ok', missing: [] }, false],
    [{ status: 'none', missing: [] }, false],
    [undefined, false],
  ] as [SectionHealth | undefined, boolean][])('%j is unchecked: %s', (health, expected) => {
    expect(unchecked(health)).toBe(expected)
  })
})

describe('healthNote', () => {
  it('says nothing when every covering source answered, or none covers the place', () => {
    expect(healthNote({ status: 'ok', missing: [] }, 'statuses', 0, now, 'en', 'America/Los_Angeles', en)).toBeNull()
    expect(healthNote({ status: 'none', missing: [] }, 'roads', 0, now, 'en', 'America/Los_Angeles', en)).toBeNull()
    expect(healthNote(undefined, 'statuses', 0, now, 'en', 'America/Los_Angeles', en)).toBeNull()
  })

  it('names who did not answer, with the last answer in the place’s time, and that the items are the last known', () => {
    const health: SectionHealth = { status: 'down', missing: [ipaws, nws] }
    expect(healthNote(health, 'statuses', 2, now, 'en', 'America/Los_Angeles', en)).toEqual([
      'Alerts could not be checked.',
      'Not answering: FEMA IPAWS and NOAA/National Weather Service (last answer 7:40 AM).',
      'What is shown is the last known.',
    ])
  })

  it('groups a publisher’s sources, and says "not every source" when some answered', () => {
    expect(healthNote({ status: 'partial', missing: [caltrans] }, 'roads', 0, now, 'en', 'America/Los_Angeles', en)).toEqual([
      'Not every source answered.',
      'Not answering: Caltrans (12 of 12).',
    ])
  })

  it('speaks the visitor’s language', () => {
    const health: SectionHealth = { status: 'down', missing: [nws, caltrans] }
    expect(healthNote(health, 'roads', 0, now, 'es', 'America/Los_Angeles', es)).toEqual([
      'El estado de las carreteras no se pudo comprobar.',
      expect.stringMatching(
        /^Sin respuesta: NOAA\/National Weather Service \(última respuesta 7:40\) y Caltrans \(12 de 12\)\.$/,
      ),
    ])
    expect(missingSources({ status: 'down', missing: [ipaws] }, now, 'es', 'America/Los_Angeles', es)).toBe('FEMA IPAWS')
  })
})
