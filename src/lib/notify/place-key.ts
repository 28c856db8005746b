// How a map point is followed (issue 38): a key beside the cities' routes ('z/47.74/-121.99', pointKey in geo.ts),
// shared by the API and the browser. Pure.
import { pointKey } from '../geo.ts'

const POINT_KEY = /^z\/(-?\d{1,2}(?:\.\d{1,2})?)\/(-?\d{1,3}(?:\.\d{1,2})?)$/

/**
 * The point of a map point's key, or null (a city's route, or not a key).
 * @example pointOfKey('z/47.74/-121.99') // { lat: 47.74, lon: -121.99 }
 */
export function pointOfKey(key: string): { lat: number; lon: number } | null {
  const match = POINT_KEY.exec(key)
  if (!match) return null
  const [lat, lon] = [Number(match[1]), Number(match[2])]
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && pointKey(lat, lon) === key ? { lat, lon } : null
}
