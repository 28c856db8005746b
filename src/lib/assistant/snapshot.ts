/** The data an answer is made from: what the page's shared sources hold at the moment of asking. */
import type { AlertItem } from '../items.ts'
import type { Business } from '../live/business.ts'
import type { RoadGroup } from '../live/roads.ts'
import type { SourceState } from '../retry.ts'
import type { Settings } from '../decode/stored-settings.ts'
import type { Air } from '../weather/air.ts'
import type { WeatherAlert } from '../weather/alerts.ts'
import type { Forecast } from '../weather/forecast.ts'
import type { Intent } from './vocabulary.ts'

/** One source as the assistant sees it: data with its age (and whether the last refresh failed), loading, or failed. */
export type Sourced<T> = { state: 'ok'; data: T; fetchedAt: number; failed: boolean } | { state: 'loading' } | { state: 'error' }

/** Porchlight's own live sections for the point. */
export type LiveData = { statuses: AlertItem[]; roads: RoadGroup[]; businesses: Business[] }

export type Snapshot = {
  now: number
  /** The page's language, for words and number formats. */
  locale: string
  units: Pick<Settings, 'temperature' | 'windSpeed' | 'distance'>
  /** Null on pages without a place (settings, editor). */
  place: { name: string | null; timeZone: string } | null
  forecast: Sourced<Forecast>
  air: Sourced<Air>
  alerts: Sourced<WeatherAlert[]>
  live: Sourced<LiveData>
}

export type SourceName = 'forecast' | 'air' | 'alerts' | 'live'

/** The source each topic is answered from. */
export const SOURCE_OF: Record<Intent, SourceName | null> = {
  rain: 'forecast',
  temperature: 'forecast',
  weather: 'forecast',
  wind: 'forecast',
  uv: 'forecast',
  air: 'air',
  alerts: 'alerts',
  statuses: 'live',
  roads: 'live',
  open: 'live',
  help: null,
  unknown: null,
}

/**
 * A source's state as the assistant sees it; 'idle' counts as loading (subscribing starts it).
 * @example sourced(forecast.$state.get(), (data) => data) // { state: 'ok', data, fetchedAt, failed: false }
 */
export function sourced<T, U>(state: SourceState<T>, map: (data: T) => U): Sourced<U> {
  if (state.state === 'ok') return { state: 'ok', data: map(state.data), fetchedAt: state.fetchedAt, failed: state.failed }
  return state.state === 'error' ? { state: 'error' } : { state: 'loading' }
}
