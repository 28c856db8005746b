// The databases API tests run on: SQLite always, PostgreSQL when reachable (CI requires it).
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export type Backend = {
  name: 'sqlite' | 'postgres'
  /** A fresh, empty database URL and its cleanup. */ fresh: () => Promise<{ url: string; drop: () => Promise<void> }>
}

const ADMIN_URL = process.env['TEST_DATABASE_URL'] || 'postgres://postgres:postgres@localhost:5432/postgres'

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1500 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function admin(sql: string, values: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return (await client.query(sql, values)).rowCount ?? 0
  } finally {
    await client.end()
  }
}

/**
 * Drops a test database. A destroyed pool's connections close a moment after `destroy()` returns; one that
 * FORCE cuts while it is closing reports the cut as an unhandled error in the test file (more often with
 * files running side by side), so they get up to 2 s to go first. FORCE still ends any left open.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let waited = 0; waited < 2000; waited += 50) {
    if (!(await admin('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]))) break
    await new Promise((done) => setTimeout(done, 50))
  }
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

const sqlite: Backend = { name: 'sqlite', fresh: () => Promise.resolve({ url: ':memory:', drop: () => Promise.resolve() }) }

const postgres: Backend = {
  name: 'postgres',
  async fresh() {
    const name = `porchlight_test_${randomBytes(6).toString('hex')}`
    await admin(`CREATE DATABASE ${name}`)
    const url = new URL(ADMIN_URL)
    url.pathname = `/${name}`
    return { url: url.toString(), drop: () => dropDatabase(name) }
  },
}

let found: Backend[] | null = null

/** SQLite, plus PostgreSQL when a server answers at TEST_DATABASE_URL; REQUIRE_POSTGRES=1 makes its absence fail. */
export async function backends(): Promise<Backend[]> {
  if (found) return found
  const hasPostgres = await reachable()
  if (!hasPostgres && process.env['REQUIRE_POSTGRES'] === '1')
    throw new Error(`PostgreSQL required but not reachable at ${ADMIN_URL}`)
  found = hasPostgres ? [sqlite, postgres] : [sqlite]
  return found
}
