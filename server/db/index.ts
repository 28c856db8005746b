// Opens the database (SQLite file by default, PostgreSQL when DATABASE_URL says so) and migrates it.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { migrations, type DialectKind } from './migrations/index.ts'
import type { Database } from './schema.ts'
import { openSqlite } from './sqlite.ts'

export type Db = Kysely<Database>
export type Store = { db: Db; kind: DialectKind }

/**
 * Connects: 'postgres://…' uses PostgreSQL, ':memory:' an in-memory SQLite, null a file in dataDir.
 * @example const { db } = await openDatabase(null, '.data')
 */
export async function openDatabase(url: string | null, dataDir: string): Promise<Store> {
  let store: Store
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env['DATABASE_POOL'] ?? 10) })
    store = { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' }
  } else {
    let path = url ?? ':memory:'
    if (!url) {
      mkdirSync(dataDir, { recursive: true })
      path = join(dataDir, 'porchlight.db')
    }
    store = { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(path) }) }), kind: 'sqlite' }
  }
  await migrate(store)
  return store
}

/** Applies every migration not yet applied; throws on the first failure. */
export async function migrate({ db, kind }: Store): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations(kind)) } })
  const { error } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error })
}
