// Road items' public views carry their segment for the roads map (issue 38): the views of road items with a line
// geometry gain `path`. Only that key is added to the stored view, as it is, so nothing else a view says moves.
// Frozen, so a simple path of its own: every n-th point, 64 in all (server/lib/road-path.ts simplifies the line
// properly at the item's next write). Never edit it.
import { createRequire } from 'node:module'
import type * as Codec from '@googlemaps/polyline-codec'
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

type Row = { id: number; view: string; geometry: string | null }
type Point = [number, number]

const { encode } = createRequire(import.meta.url)('@googlemaps/polyline-codec') as typeof Codec
const POINTS = 64

const isPoint = (value: unknown): value is Point => {
  if (!Array.isArray(value)) return false
  const [lon, lat] = value as unknown[]
  return typeof lon === 'number' && typeof lat === 'number' && Math.abs(lon) <= 180 && Math.abs(lat) <= 90
}

/** The lines of a LineString or MultiLineString text, or none. */
function linesOf(text: string | null): Point[][] {
  try {
    const { type, coordinates } = JSON.parse(text ?? 'null') as { type?: unknown; coordinates?: unknown }
    const lines = type === 'LineString' ? [coordinates] : type === 'MultiLineString' ? coordinates : []
    return Array.isArray(lines)
      ? lines.filter((line): line is Point[] => Array.isArray(line) && line.length >= 2 && line.every(isPoint))
      : []
  } catch {
    return []
  }
}

/** Encoded polylines ([lat, lon], precision 5), each line its share of POINTS, its ends kept; null for no line. */
function roadPath(text: string | null): string[] | null {
  const lines = linesOf(text)
  const total = lines.reduce((sum, line) => sum + line.length, 0)
  const paths = lines.flatMap((line) => {
    const share = Math.min(line.length, Math.floor((POINTS * line.length) / Math.max(total, POINTS)))
    if (share < 2) return []
    const step = (line.length - 1) / (share - 1)
    return [
      encode(
        Array.from({ length: share }, (_, index) => {
          const [lon, lat] = line[Math.round(index * step)]!
          return [lat, lon]
        }),
        5,
      ),
    ]
  })
  return paths.length ? paths : null
}

export const roadPaths: Migration = {
  async up(db: Kysely<unknown>) {
    const items = db as unknown as Kysely<{ items: Row & { data_aspect: string } }>
    let after = 0
    for (;;) {
      const rows = await items
        .selectFrom('items')
        .select(['id', 'view', 'geometry'])
        .where('id', '>', after)
        .where('data_aspect', '=', 'roads')
        .where('geometry', 'is not', null)
        .orderBy('id')
        .limit(500)
        .execute()
      if (!rows.length) return
      for (const row of rows) {
        const path = roadPath(row.geometry)
        if (!path) continue
        let view: Record<string, unknown>
        try {
          view = JSON.parse(row.view) as Record<string, unknown>
        } catch {
          continue // a view this cannot read is rewritten whole at the item's next write
        }
        await items
          .updateTable('items')
          .set({ view: JSON.stringify({ ...view, path }) })
          .where('id', '=', row.id)
          .execute()
      }
      after = rows.at(-1)!.id
    }
  },
}
