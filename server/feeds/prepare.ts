// Makes a decoded item ready to store: its shape capped in vertices, serialised once, and the item hashed.
// Runs in the decode worker (server/feeds/worker.ts), so the thread that answers requests never stringifies or
// hashes a 14 MB polygon; import only modules Node can load in a worker.
import { createHash } from 'node:crypto'
import turfBbox from '@turf/bbox'
import { capVertices } from './simplify.ts'
import type { Bounds, FeedItem, PreparedItem } from './types.ts'

const sha1 = (text: string): string => createHash('sha1').update(text).digest('base64url')

/**
 * The item with `geometryText` (its capped geometry as JSON, or null) and `hash` (what the store compares
 * to skip unchanged rows) instead of its geometry. Throws when the geometry cannot be simplified (a
 * polygon ring of fewer than four positions): the caller skips that record.
 * @example prepareItem(feedItem('a')).hash // 'k3…' (base64url SHA-1)
 */
export function prepareItem(item: FeedItem): PreparedItem {
  const { geometry, ...rest } = item
  const capped = geometry ? capVertices(geometry) : null
  const geometryText = capped ? JSON.stringify(capped) : null
  const bounds = capped ? (turfBbox(capped).slice(0, 4) as Bounds) : null
  return { ...rest, geometryText, bounds, hash: sha1(`${JSON.stringify(rest)}\n${geometryText ?? ''}`) }
}

/** The hash of a prepared item once the engine gave it a geometry of its own (the union of its NWS zones). */
export const rehash = (item: PreparedItem, geometryText: string): string => sha1(`${item.hash}\n${geometryText}`)

/** Prepared items of a decoded list; a record whose shape cannot be prepared is skipped with its reason. */
export function prepareAll(items: FeedItem[]): { items: PreparedItem[]; skipped: number; errors: string[] } {
  const prepared: PreparedItem[] = []
  const errors: string[] = []
  for (const item of items) {
    try {
      prepared.push(prepareItem(item))
    } catch (error) {
      errors.push(`${item.sourceId}: bad shape (${error instanceof Error ? error.message : 'unknown'})`)
    }
  }
  return { items: prepared, skipped: errors.length, errors: errors.slice(0, 5) }
}
