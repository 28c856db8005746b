// Reaction answers whose sources fail or go stale (issue 38): the cases of honest.spec.ts, and the failure-state
// screenshots of docs/design/shoot.ts.
import type { AlertItem } from '../../src/lib/items.ts'

export const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString()
export const nws = (lastSuccessAt: string | null, failing = 1, stale = 0) => ({
  name: 'NOAA/National Weather Service',
  sources: 1,
  failing,
  stale,
  waiting: 0,
  lastSuccessAt,
})
export const ipaws = { name: 'FEMA IPAWS', sources: 1, failing: 1, stale: 0, waiting: 0, lastSuccessAt: null }
export const caltrans = { name: 'Caltrans', sources: 12, failing: 12, stale: 0, waiting: 0, lastSuccessAt: null }
export const wsdot = { name: 'WSDOT', sources: 1, failing: 1, stale: 0, waiting: 0, lastSuccessAt: null }
const ok = { status: 'ok', missing: [] }
type Health = { status: string; missing: object[] }

/** An answer with these sections' health and items (the rest empty and healthy). */
export function answer(health: Partial<Record<'statuses' | 'roads', Health>>, statuses: object[] = []) {
  return {
    statuses: { messages: statuses, health: health.statuses ?? ok },
    roads: { messages: [], health: health.roads ?? ok },
    cameras: { messages: [], health: ok },
    local: { messages: [], health: ok },
  }
}

export const kept = {
  id: 9001,
  priority: 'Warning',
  stateType: 'weather',
  state: 'active',
  title: 'Winter storm warning: Cascades',
  class: '',
  data: {
    lines: ['Heavy snow above 2,000 ft.'],
    classes: [],
    location: '',
    status: '',
    dataTemplate: '',
    specialData: '',
    lockResultUntil: null,
  },
  image: null,
  link: null,
  icon: null,
  dataLink: null,
  dataLinkType: null,
  distance: 0,
  valueChanged: null,
  retrieved: at(95),
  isOld: true,
  dataCategory: 'weather',
  category: 'Weather alert',
  dataAspect: 'statuses',
  dataProperty: '',
  lat: 47.74,
  lon: -121.98,
  pageName: null,
  cityName: null,
  source: { name: 'NOAA/National Weather Service', url: 'https://www.weather.gov/' },
} satisfies AlertItem
