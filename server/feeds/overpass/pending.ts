// The reaction's side of the business fetcher: ask for the area's businesses, and say "loading" while none are stored.
import type { Db } from '../../db/index.ts'
import { businessFetcher } from './start.ts'

/**
 * Queues the point's cell when its businesses are missing or old, without waiting for Overpass. True while nothing is
 * stored for the cell yet and a fetch is under way. `source` is the visitor's address as rate limits count it (IPv6
 * by /64), which may add only a few new cells an hour. Never throws: a reaction answer never fails for this.
 */
export async function requestBusinesses(db: Db, lat: number, lon: number, source: string): Promise<boolean> {
  const fetcher = businessFetcher(db)
  if (!fetcher) return false
  try {
    return await fetcher.request(lat, lon, source)
  } catch (error) {
    console.error('businesses: request', error)
    return false
  }
}

/**
 * Marks the answer's local section as still loading (`"pending": true`).
 * @example withLocalPending('{"local":{"messages":[]}}') // '{"local":{"pending":true,"messages":[]}}'
 */
export function withLocalPending(body: string): string {
  return body.replace('"local":{"messages":', '"local":{"pending":true,"messages":')
}
