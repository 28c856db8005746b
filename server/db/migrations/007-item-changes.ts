// A log of item changes for the reaction's per-cell item lists (server/lib/reaction-cells.ts): triggers write the id
// of every item written in a way an answer can see, numbered in commit order, so each instance drops exactly the
// lists those items were or are in, with one small read per answer (most often of nothing).
import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectKind } from './index.ts'

/** Item columns whose change can change an answer (fetched_at, next_fetch_at and other bookkeeping cannot). */
const WATCHED = [
  'view',
  'is_active',
  'layer',
  'lat',
  'lon',
  'area_miles',
  'geometry',
  'expires_at',
  'priority',
  'sort_order',
  'data_aspect',
  'page_name',
  'updated_at',
  'min_lat',
  'max_lat',
  'min_lon',
  'max_lon',
].join(', ')

export function itemChanges(kind: DialectKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('item_changes')
        .addColumn('seq', kind === 'postgres' ? 'bigserial' : 'integer', (c) =>
          kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .execute()
      // One row: the log is pruned up to here (a reader that last looked before it starts over).
      await db.schema
        .createTable('item_changes_pruned')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('through', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute()
      await sql`insert into item_changes_pruned (id, through) values (1, 0)`.execute(db)
      if (kind === 'postgres') {
        // The row lock, held to commit, makes item writers commit one after another, so the numbers a reader
        // sees are always all the numbers below the highest (SQLite writers take turns anyway).
        await sql`create or replace function log_item_change() returns trigger language plpgsql as $$
          begin
            perform 1 from item_changes_pruned where id = 1 for update;
            if tg_op = 'DELETE' then insert into item_changes (item_id) values (old.id);
            else insert into item_changes (item_id) values (new.id);
            end if;
            return null;
          end $$`.execute(db)
        await sql
          .raw(
            `create trigger items_changes after insert or delete or update of ${WATCHED} on items
             for each row execute function log_item_change()`,
          )
          .execute(db)
        return
      }
      const log = (id: string) => `begin insert into item_changes (item_id) values (${id}); end`
      await sql.raw(`create trigger items_changes_insert after insert on items ${log('new.id')}`).execute(db)
      await sql.raw(`create trigger items_changes_delete after delete on items ${log('old.id')}`).execute(db)
      await sql.raw(`create trigger items_changes_update after update of ${WATCHED} on items ${log('new.id')}`).execute(db)
    },
  }
}
