// Items with their grid cells, users, refresh tokens, password resets, rate-limit windows and meta flags.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectKind } from './index.ts'

type Db = Kysely<unknown>
type Column = (builder: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

const notNull: Column = (c) => c.notNull()

export function initial(kind: DialectKind): Migration {
  const id: [string, 'serial' | 'integer', Column] =
    kind === 'postgres' ? ['id', 'serial', (c) => c.primaryKey()] : ['id', 'integer', (c) => c.primaryKey().autoIncrement()]
  const float = 'double precision'
  return {
    async up(db: Db) {
      await db.schema
        .createTable('items')
        .addColumn(...id)
        .addColumn('data_aspect', 'text', notNull)
        .addColumn('data_property', 'text', (c) => c.notNull().defaultTo('manager'))
        .addColumn('data_category', 'text')
        .addColumn('category', 'text')
        .addColumn('priority', 'text', (c) => c.notNull().defaultTo('Normal'))
        .addColumn('state_type', 'text')
        .addColumn('state', 'text')
        .addColumn('title', 'text', notNull)
        .addColumn('class', 'text')
        .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('classes', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('location', 'text')
        .addColumn('status', 'text')
        .addColumn('data_template', 'text')
        .addColumn('special_data', 'text')
        .addColumn('lock_result_until', 'text')
        .addColumn('image', 'text')
        .addColumn('link', 'text')
        .addColumn('icon', 'text')
        .addColumn('data_link', 'text')
        .addColumn('data_link_type', 'text')
        .addColumn('value_changed', 'text')
        .addColumn('retrieved', 'text')
        .addColumn('is_old', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('area_miles', float, (c) => c.notNull().defaultTo(10))
        .addColumn('lat', float, notNull)
        .addColumn('lon', float, notNull)
        .addColumn('min_lat', float, notNull)
        .addColumn('max_lat', float, notNull)
        .addColumn('min_lon', float, notNull)
        .addColumn('max_lon', float, notNull)
        .addColumn('page_name', 'text')
        .addColumn('city_name', 'text')
        .addColumn('layer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('edit_key_hash', 'text', (c) => c.unique())
        .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_fetch_at', 'text')
        .addColumn('fetch_error', 'text')
        .addColumn('view', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute()
      await db.schema.createIndex('items_list').on('items').columns(['data_aspect', 'data_category', 'id']).execute()
      await db.schema.createIndex('items_page').on('items').columns(['page_name', 'is_active']).execute()
      await db.schema.createIndex('items_city').on('items').columns(['city_name']).execute()
      await db.schema.createIndex('items_due').on('items').columns(['next_fetch_at']).execute()

      await db.schema
        .createTable('item_cells')
        .addColumn('cell', 'integer', notNull)
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('min_lat', float, notNull)
        .addColumn('max_lat', float, notNull)
        .addColumn('min_lon', float, notNull)
        .addColumn('max_lon', float, notNull)
        .addPrimaryKeyConstraint('item_cells_pk', ['cell', 'item_id'])
        .execute()
      // Covering: the box test runs inside the index, so only items whose box holds the point are read.
      await db.schema
        .createIndex('item_cells_box')
        .on('item_cells')
        .columns(['cell', 'min_lat', 'max_lat', 'min_lon', 'max_lon', 'item_id'])
        .execute()
      await db.schema.createIndex('item_cells_item').on('item_cells').column('item_id').execute()

      await db.schema
        .createTable('users')
        .addColumn(...id)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('provider', 'text', notNull)
        .addColumn('role', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('password_hash', 'text')
        .addColumn('item_id', 'integer')
        .addColumn('page_name', 'text')
        .addColumn('city_name', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('last_login_at', 'text')
        .execute()

      await db.schema
        .createTable('refresh_tokens')
        .addColumn(...id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', notNull)
        .addColumn('revoked_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute()
      await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute()

      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', notNull)
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute()

      await db.schema
        .createTable('rate_limits')
        .addColumn('bucket', 'text', notNull)
        .addColumn('window_start', 'text', notNull)
        .addColumn('hits', 'integer', notNull)
        .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'window_start'])
        .execute()

      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', notNull)
        .execute()
    },
  }
}
