// Opening hours evaluated once per distinct value and place: most businesses share a handful of values
// ("Mo-Fr 09:00-17:00"), and evaluating one takes about half a millisecond. Values that depend on the sun (sunrise,
// dusk) depend on the exact position too, so they are never shared.
import { precomputeHours, type HoursPlace, type PrecomputedHours } from '../feeds/overpass/hours.ts'

const MAX_ENTRIES = 50_000
const SOLAR = /sun|dawn|dusk/i

export function hoursCache(evaluate: typeof precomputeHours = precomputeHours) {
  const cache = new Map<string, PrecomputedHours | null>()
  return (value: string, place: HoursPlace, now: Date): PrecomputedHours | null => {
    if (SOLAR.test(value)) return evaluate(value, place, now)
    const key = `${place.state}\u0000${place.timeZone}\u0000${value}`
    if (cache.has(key)) return cache.get(key) ?? null
    if (cache.size >= MAX_ENTRIES) cache.clear()
    const hours = evaluate(value, place, now)
    cache.set(key, hours)
    return hours
  }
}
