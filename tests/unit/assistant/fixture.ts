// A fixed snapshot for the assistant's tests: the recorded Duvall weather at 21:20 on Thursday 15 January 2026
// (Los Angeles time), data fetched 10 minutes earlier, and a few statuses, roads and businesses.
import { readFileSync } from 'node:fs'
import { dictionaries } from '../../../src/i18n/index.ts'
import { translator as pageTranslator, type T } from '../../../src/i18n/translate.ts'
import type { Snapshot } from '../../../src/lib/assistant/snapshot.ts'
import { parseBusiness } from '../../../src/lib/live/business.ts'
import { expandRoads } from '../../../src/lib/live/roads.ts'
import type { Locale } from '../../../src/lib/routing/routes.ts'
import { decodeAir } from '../../../src/lib/weather/air.ts'
import { decodeAlerts } from '../../../src/lib/weather/alerts.ts'
import { decodeForecast } from '../../../src/lib/weather/forecast.ts'
import { alertItem } from '../live/alert-item.ts'

const json = (name: string): unknown => JSON.parse(readFileSync(`tests/fixtures/weather/${name}.json`, 'utf8'))

/** 2026-01-15 21:20 in Los Angeles (a Thursday). */
export const NOW = Date.UTC(2026, 0, 16, 5, 20)
export const FETCHED = NOW - 10 * 60_000

/** The page's dictionary as the browser has it. */
export const translator = (locale: Locale): T => pageTranslator(dictionaries[locale], locale)

const week = (hours: string) => ({
  hoursM: hours,
  hoursTu: hours,
  hoursW: hours,
  hoursTh: hours,
  hoursF: hours,
  hoursSa: hours,
  hoursSu: hours,
})
const business = (id: number, title: string, special: Record<string, unknown>) =>
  parseBusiness(
    alertItem({
      id,
      title,
      dataAspect: 'local',
      data: { ...alertItem({ id }).data, specialData: JSON.stringify({ title, ...special }) },
    }),
  )

export const statuses = [
  alertItem({
    id: 1,
    title: 'Cedarcrest High School: two-hour late start',
    state: 'pending',
    dataCategory: 'school',
    priority: 'Warning',
  }),
  alertItem({ id: 2, title: 'Water main repair on Cherry Valley Rd', state: 'active', dataCategory: 'services' }),
]

export const roads = expandRoads([
  alertItem({
    id: 3,
    title: 'SR 203 Duvall to Carnation',
    dataAspect: 'roads',
    state: 'blocked',
    data: {
      ...alertItem({ id: 3 }).data,
      specialData: JSON.stringify([{ Title: 'SR 203', Items: [{ Title: 'Southbound: right lane closed', State: 'active' }] }]),
    },
  }),
]).groups

export const businesses = [
  business(10, 'Stella Street Pizza', {
    ...week('11am-2pm & 4:30pm-9pm'),
    hoursSa: '12pm-10pm',
    hoursSu: '12pm-8pm',
    hoursF: '11am-10pm',
  }),
  business(11, 'Valley Hop Taproom', { ...week('3pm-10pm'), hoursF: '2pm-1am', hoursSa: '12pm-1am', hoursSu: '12pm-8pm' }),
  business(12, 'Duvall Fuel & Market', week('24 hours')),
  business(13, 'Old Town Books', { hoursText: 'Call for hours' }),
]

/** Every source loaded, in US units, English unless told. */
export function snapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  const ok = <D>(data: D) => ({ state: 'ok' as const, data, fetchedAt: FETCHED, failed: false })
  return {
    now: NOW,
    locale: 'en',
    units: { temperature: 'F', windSpeed: 'mph', distance: 'miles' },
    place: { name: 'Duvall, WA', timeZone: 'America/Los_Angeles' },
    forecast: ok(decodeForecast(json('forecast-duvall'))),
    air: ok(decodeAir(json('air-duvall'))),
    alerts: ok(decodeAlerts(json('alerts-duvall'))),
    live: ok({ statuses, roads, businesses }),
    ...overrides,
  }
}
