// Kysely's SqliteDialect over Node's built-in node:sqlite (no native add-on to build).
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

type Param = null | number | bigint | string | NodeJS.ArrayBufferView

/** Kysely binds booleans, which node:sqlite refuses; SQLite stores them as 0 and 1 anyway. */
const bind = (parameters: ReadonlyArray<unknown>): Param[] =>
  parameters.map((value) => (typeof value === 'boolean' ? Number(value) : (value as Param)))

/**
 * SLOW_SQL_MS=<ms>: each statement that uses more of the thread's CPU is written to stderr (profiling
 * bench:feeds; CPU rather than wall time, so a busy machine does not make every statement look slow).
 */
const slowMs = Number(process.env['SLOW_SQL_MS']) || 0

/** Runs a statement; with SLOW_SQL_MS set, also reports it when it used more CPU than that. */
function timed<T>(sql: string, rows: () => T): T {
  if (!slowMs) return rows()
  const before = process.threadCpuUsage()
  const result = rows()
  const { user, system } = process.threadCpuUsage(before)
  const ms = (user + system) / 1000
  if (ms > slowMs) console.error(`slow sql: ${Math.round(ms)} ms CPU: ${sql.slice(0, 160)}`)
  return result
}

function statement(prepared: StatementSync): SqliteStatement {
  return {
    reader: prepared.columns().length > 0,
    all: (parameters) => timed(prepared.sourceSQL, () => prepared.all(...bind(parameters))),
    run: (parameters) => timed(prepared.sourceSQL, () => prepared.run(...bind(parameters))),
    iterate: (parameters) => prepared.iterate(...bind(parameters)),
  }
}

/**
 * Opens a SQLite file (or ':memory:') for Kysely, with WAL and a statement cache.
 * @example new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite('.data/porchlight.db') }) })
 */
export function openSqlite(path: string): SqliteDatabase {
  const db = new DatabaseSync(path)
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000')
  const cache = new Map<string, SqliteStatement>()
  return {
    close: () => db.close(),
    prepare(sql) {
      let cached = cache.get(sql)
      if (!cached) {
        if (cache.size > 500) cache.clear()
        cached = statement(db.prepare(sql))
        cache.set(sql, cached)
      }
      return cached
    },
  }
}
