// Hostile-input suite for the API: seeded random bodies, paths and query strings on every route of the
// OpenAPI document (SQLite). No 5xx, no throw, and a 4xx never changes the database.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from '../api/backends.ts'
import { duvallItem, startHarness, type Harness } from '../api/harness.ts'
import { NASTY_STRINGS, nastyValue, picker, type Random } from './random.ts'

const SEED = 0x5eed_2026
const CASES = 1200

type Operation = { method: string; path: string; query: string[]; fields: string[] }
type Schema = { $ref?: string; properties?: Record<string, unknown>; allOf?: Schema[]; anyOf?: Schema[] }
type Document = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { name: string; in: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
    >
  >
  components?: { schemas?: Record<string, Schema> }
}

/** The body field names of a schema, following $ref and allOf/anyOf. */
function fieldsOf(schema: Schema | undefined, doc: Document, depth = 0): string[] {
  if (!schema || depth > 4) return []
  if (schema.$ref) return fieldsOf(doc.components?.schemas?.[schema.$ref.split('/').pop()!], doc, depth + 1)
  return [
    ...Object.keys(schema.properties ?? {}),
    ...[...(schema.allOf ?? []), ...(schema.anyOf ?? [])].flatMap((part) => fieldsOf(part, doc, depth + 1)),
  ]
}

function operationsOf(doc: Document): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      fields: fieldsOf(operation.requestBody?.content?.['application/json']?.schema, doc),
    })),
  )
}

const encode = (value: unknown): string => {
  try {
    return encodeURIComponent(String(value))
  } catch {
    return '%ZZ' // a lone surrogate: send a malformed escape instead
  }
}

describe('hostile input: API', () => {
  let api: Harness
  let tokens: (string | null)[]
  let ids: number[]

  beforeAll(async () => {
    const sqlite = (await backends()).find((backend) => backend.name === 'sqlite')!
    // Every outside service points at a closed local port: the suite never leaves the machine.
    const nowhere = 'http://127.0.0.1:9'
    api = await startHarness(sqlite, {
      GOOGLE_JWKS_URL: nowhere,
      GOOGLE_TOKEN_URL: nowhere,
      GITHUB_OAUTH_URL: nowhere,
      GITHUB_API_URL: nowhere,
    })
    const superadmin = (await api.signIn('superadmin')).token
    const admin = (await api.signIn('admin')).token
    tokens = [superadmin, superadmin, admin, null, 'not-a-token', `${superadmin.slice(0, -4)}AAAA`]
    ids = []
    for (const title of ['Fuzz one', 'Fuzz two']) {
      const created = await api.send('POST', '/items', { token: superadmin, body: duvallItem({ title }) })
      ids.push((created.body as { id: number }).id)
    }
  })
  afterAll(() => api.close())

  /** Every table but the rate-limit counters, which a refused request may rightly advance. */
  async function snapshot(): Promise<string> {
    const tables = await sql<{
      name: string
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(api.store.db)
    const parts: string[] = []
    for (const { name } of tables.rows) {
      if (/rate|limit|attempt|kysely/i.test(name)) continue
      const rows = await sql`select * from ${sql.table(name)} order by 1`.execute(api.store.db)
      parts.push(name, JSON.stringify(rows.rows))
    }
    return parts.join('\n')
  }

  function pathFor(operation: Operation, random: Random): string {
    return operation.path.replace(/\{[^}]+\}/g, () =>
      random.chance(0.4) ? String(random.pick(ids)) : encode(random.pick([...NASTY_STRINGS, '0', '1', '2147483647'])),
    )
  }

  function queryFor(operation: Operation, random: Random, token: string | null): string {
    const names = [...operation.query, ...(random.chance(0.2) ? [random.pick(NASTY_STRINGS)] : [])]
    const pairs = names
      .filter(() => random.chance(0.7))
      .map((name) => {
        const value = (name === 't' || name === 'h') && token && random.chance(0.7) ? token : nastyValue(random)
        return `${encode(name)}=${typeof value === 'object' ? encode(JSON.stringify(value)) : encode(value)}`
      })
    return pairs.length ? `?${pairs.join('&')}` : ''
  }

  function bodyFor(operation: Operation, random: Random): unknown {
    const roll = random.int(10)
    if (roll === 0) return random.pick(['{', '[]', 'null', '"text"', '{"a":', '\u0000', 'a'.repeat(100_000)])
    if (roll === 1) return nastyValue(random)
    const body: Record<string, unknown> = {}
    for (const field of operation.fields) if (random.chance(0.5)) body[field] = nastyValue(random)
    if (random.chance(0.2)) body[random.pick(NASTY_STRINGS)] = nastyValue(random)
    // Sometimes a plausible item, so validation passes far enough to reach the database.
    if (random.chance(0.3)) Object.assign(body, duvallItem({ title: String(random.pick(NASTY_STRINGS)).slice(0, 150) || 'x' }))
    return body
  }

  it(`survives ${CASES} seeded cases (seed ${SEED.toString(16)}) over every route`, async () => {
    const random = picker(SEED)
    const doc = (await api.send('GET', '/api/openapi.json')).body as Document
    const operations = operationsOf(doc)
    expect(operations.length).toBeGreaterThan(20)
    const counts = { cases: 0, ok: 0, client: 0, stateChecks: 0 }
    const perStatus = new Map<number, number>()
    let before = await snapshot()
    for (let n = 0; n < CASES; n++) {
      // Round-robin over the routes so each gets its share, random within each case.
      const operation = operations[n % operations.length]!
      const token = random.pick(tokens)
      const path = pathFor(operation, random) + queryFor(operation, random, token)
      const withBody = operation.method !== 'GET' && operation.method !== 'DELETE' ? bodyFor(operation, random) : undefined
      const headers: Record<string, string> = random.chance(0.1)
        ? {
            'x-forwarded-for': String(random.pick(NASTY_STRINGS))
              .replace(/[^\x20-\x7e]/g, '')
              .slice(0, 100),
          }
        : {}
      const answer = await api.send(operation.method, path, {
        token,
        headers,
        ...(withBody === undefined ? {} : { body: withBody }),
      })
      counts.cases++
      perStatus.set(answer.status, (perStatus.get(answer.status) ?? 0) + 1)
      const label = `${operation.method} ${path.slice(0, 200)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`
      expect(answer.status, label).toBeLessThan(500)
      const after = await snapshot()
      if (answer.status >= 400) {
        counts.client++
        counts.stateChecks++
        expect(after === before, `state changed on ${label}`).toBe(true)
      } else counts.ok++
      before = after
    }
    console.log(
      `hostile input (API): ${counts.cases} cases over ${operations.length} routes, seed 0x${SEED.toString(16)}: ` +
        `${counts.ok} 2xx/3xx, ${counts.client} 4xx (database unchanged in all ${counts.stateChecks}), 0 5xx; ` +
        `by status ${JSON.stringify(Object.fromEntries([...perStatus].sort(([a], [b]) => a - b)))}`,
    )
  }, 60_000)
})
