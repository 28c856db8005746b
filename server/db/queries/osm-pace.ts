// The Overpass budget's token bucket (osm_pace, migration 009; server/feeds/overpass/pace.ts): one row, the time the
// bucket is full again, changed only where it still holds what was read.
import type { Db } from '../index.ts'

export type OsmPaceTable = { id: string; full_at: string }

const tables = (db: Db) => db.withTables<{ osm_pace: OsmPaceTable }>()

/** When the bucket is full again; null before its first turn. */
export async function paceFullAt(db: Db, id: string): Promise<string | null> {
  const row = await tables(db).selectFrom('osm_pace').select('full_at').where('id', '=', id).executeTakeFirst()
  return row?.full_at ?? null
}

/** Moves the bucket from `was` (null: no row yet) to `fullAt`; false when another instance moved it first. */
export async function movePace(db: Db, id: string, was: string | null, fullAt: string): Promise<boolean> {
  const taken =
    was !== null
      ? await tables(db)
          .updateTable('osm_pace')
          .set({ full_at: fullAt })
          .where('id', '=', id)
          .where('full_at', '=', was)
          .returning('id')
          .executeTakeFirst()
      : await tables(db)
          .insertInto('osm_pace')
          .values({ id, full_at: fullAt })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .returning('id')
          .executeTakeFirst()
  return taken !== undefined
}
