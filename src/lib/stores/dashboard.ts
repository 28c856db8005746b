import { atom, computed, onMount, type WritableAtom } from 'nanostores'
import { fetchJson } from '../api/client.ts'
import { currentBatchUrl, decodeCurrentBatch, type PlaceNow } from '../dashboard/batch.ts'
import { dashboardPlaces, placeKey, type DashboardPlace } from '../dashboard/places.ts'
import { warningsOf } from '../dashboard/warnings.ts'
import { expandRoads } from '../live/roads.ts'
import { warningsUnchecked } from '../live/unchecked.ts'
import { withRetry } from '../retry.ts'
import { alertsUrl, decodeAlerts } from '../weather/alerts.ts'
import { getReaction } from '../api/reaction.ts'
import { apiSession } from './api-session.ts'
import { $pinnedLocations, $recentLocations } from './locations.ts'
import { $pagePoint } from './place.ts'
import { $roads, reaction } from './reaction.ts'
import { $settings } from './settings.ts'
import { MINUTE } from './source.ts'
import { alerts } from './weather/alerts.ts'
import { forecast } from './weather/forecast.ts'

/** One value of a place card: loading, known, or failed. */
export type Reading<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'error' }
/** Warnings near a place, and whether some source that covers it did not answer (then 0 is no all-clear). */
export type WarningCount = { count: number; unchecked: boolean }
export type PlaceCard = DashboardPlace & { now: Reading<PlaceNow>; warnings: Reading<WarningCount> }

/** As the page's own sources: temperatures fresh for 10 minutes, warnings for 5; a failure is tried again after 1. */
export const PLACES_FRESH = { temperature: 10 * MINUTE, warnings: 5 * MINUTE, error: MINUTE } as const
/** Places whose warnings are fetched at the same time (two requests each). */
const PARALLEL = 3

type Timed<T> = { reading: Reading<T>; at: number }
const loading = { state: 'loading' } as const
const failed = { state: 'error' } as const

/** The visitor's home, pinned and recent places, in the dashboard's order (pinned-first respected). */
export const $dashboardPlaces = computed([$settings, $pinnedLocations, $recentLocations], (settings, pinned, recent) =>
  dashboardPlaces({ home: settings.homeLocation, pinned, recent, pinnedFirst: settings.pinnedFirst }),
)

// Readings of places other than the page's own, kept in memory for the page's life.
const $temperatures = atom<Record<string, Timed<PlaceNow>>>({})
const $warningCounts = atom<Record<string, Timed<WarningCount>>>({})

/** The page's own place is read from the page's sources: no second request for data the page has. */
const $pageReadings = computed([forecast.$state, reaction.$state, $roads, alerts.$state], (weather, live, roads, nws) => {
  const now: Reading<PlaceNow> =
    weather.state === 'ok'
      ? {
          state: 'ok',
          value: {
            temperature: weather.data.current.temperature,
            code: weather.data.current.code,
            isDay: weather.data.current.isDay,
          },
        }
      : weather.state === 'error'
        ? failed
        : loading
  // The page's statuses and roads count as soon as they are in; the weather service failing leaves them shown, unchecked.
  const warnings: Reading<WarningCount> =
    live.state === 'error'
      ? failed
      : live.state === 'ok' && roads && nws.state !== 'loading' && nws.state !== 'idle'
        ? {
            state: 'ok',
            value: {
              count: warningsOf(live.data.statuses.messages, roads.entries, nws.state === 'ok' ? nws.data : []).length,
              unchecked: nws.state === 'error' || warningsUnchecked(live.data),
            },
          }
        : loading
  return { now, warnings }
})

/** Every card with its current temperature and warning count, as far as they are known. */
export const $placeCards = computed(
  [$dashboardPlaces, $pagePoint, $temperatures, $warningCounts, $pageReadings],
  ({ places, hidden }, point, temperatures, counts, page) => ({
    hidden,
    cards: places.map((place): PlaceCard =>
      point && placeKey(point) === place.key
        ? { ...place, ...page }
        : { ...place, now: temperatures[place.key]?.reading ?? loading, warnings: counts[place.key]?.reading ?? loading },
    ),
  }),
)

const stale = <T>(entry: Timed<T> | undefined, freshMs: number, now: number): boolean =>
  !entry ||
  (entry.reading.state !== 'loading' && now - entry.at >= (entry.reading.state === 'error' ? PLACES_FRESH.error : freshMs))

function put<T>(store: WritableAtom<Record<string, Timed<T>>>, key: string, reading: Reading<T>): void {
  const previous = store.get()[key]
  // A failed refresh keeps the value shown; only a place never read shows the failure.
  if (reading.state !== 'ok' && previous?.reading.state === 'ok') return
  store.set({ ...store.get(), [key]: { reading, at: Date.now() } })
}

/** One Open-Meteo request for every place that needs a temperature. */
async function loadTemperatures(places: DashboardPlace[]): Promise<void> {
  for (const place of places) put($temperatures, place.key, loading)
  try {
    const readings = decodeCurrentBatch(await withRetry(() => fetchJson(currentBatchUrl(places)), 2), places.length)
    places.forEach((place, i) => {
      const value = readings[i]
      put($temperatures, place.key, value ? { state: 'ok', value } : failed)
    })
  } catch {
    for (const place of places) put($temperatures, place.key, failed)
  }
}

/**
 * Warnings near a place: its statuses and roads (Porchlight) and its NWS alerts, warning or worse. Porchlight's answer
 * is needed; without the weather service's the count stands, marked unchecked.
 */
async function countWarnings(place: DashboardPlace): Promise<WarningCount> {
  const layer = $settings.get().testLayer
  const [live, nws] = await Promise.allSettled([
    withRetry(() => getReaction({ lat: place.lat, lon: place.lon, route: place.route, layer }, apiSession), 1),
    withRetry(async () => decodeAlerts(await fetchJson(alertsUrl(place))), 1),
  ])
  if (live.status === 'rejected') throw live.reason
  const alerts = nws.status === 'fulfilled' ? nws.value : []
  return {
    count: warningsOf(live.value.statuses.messages, expandRoads(live.value.roads.messages).entries, alerts).length,
    unchecked: nws.status === 'rejected' || warningsUnchecked(live.value),
  }
}

async function loadWarnings(places: DashboardPlace[]): Promise<void> {
  for (const place of places) put($warningCounts, place.key, loading)
  const queue = [...places]
  const worker = async (): Promise<void> => {
    for (let place = queue.shift(); place; place = queue.shift()) {
      try {
        put($warningCounts, place.key, { state: 'ok', value: await countWarnings(place) })
      } catch {
        put($warningCounts, place.key, failed)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, places.length) }, worker))
}

let temperaturesRunning = false

/** Fetches what the shown cards lack or have stale; the page's own place is never fetched here. */
function refresh(): void {
  const point = $pagePoint.get()
  const now = Date.now()
  const others = $dashboardPlaces.get().places.filter((place) => !point || placeKey(point) !== place.key)
  const temperatures = others.filter((place) => stale($temperatures.get()[place.key], PLACES_FRESH.temperature, now))
  if (temperatures.length && !temperaturesRunning) {
    temperaturesRunning = true
    // Places added while the request ran are asked for right after it.
    void loadTemperatures(temperatures).finally(() => {
      temperaturesRunning = false
      refresh()
    })
  }
  const warnings = others.filter((place) => stale($warningCounts.get()[place.key], PLACES_FRESH.warnings, now))
  if (warnings.length) void loadWarnings(warnings)
}

// Fetching starts when something shows the cards: the places island, hydrated when it comes into view.
onMount($placeCards, () => {
  refresh()
  const stops = [$dashboardPlaces.listen(refresh), $pagePoint.listen(refresh)]
  const onFocus = (): void => refresh()
  window.addEventListener('focus', onFocus)
  return () => {
    stops.forEach((stop) => stop())
    window.removeEventListener('focus', onFocus)
  }
})
