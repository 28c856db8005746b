// One API under test: a fresh database, a fake mailer, a settable clock, and request helpers.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../server/app.ts'
import { loadConfig, type Config } from '../../server/config.ts'
import { openDatabase, type Store } from '../../server/db/index.ts'
import { createUser } from '../../server/db/queries/users.ts'
import type { Mail } from '../../server/lib/mail.ts'
import { hashPassword } from '../../server/lib/auth.ts'
import { createMicroCache } from '../../server/lib/micro-cache.ts'
import { ROLES, type Role } from '../../src/lib/decode/editor-auth.ts'
import { problemsOfBody } from '../../src/lib/errors.ts'
import type { Backend } from './backends.ts'

export type Harness = Awaited<ReturnType<typeof startHarness>>
export type Sent = { status: number; body: any; headers: Headers }

const PASSWORD = 'correct horse battery'

export async function startHarness(backend: Backend, env: Record<string, string> = {}) {
  const { url, drop } = await backend.fresh()
  const dataDir = mkdtempSync(join(tmpdir(), 'porchlight-api-'))
  const config: Config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-0123456789', ...env })
  const store: Store = await openDatabase(url, dataDir)
  const mails: Mail[] = []
  const clock = { now: new Date('2026-11-22T12:00:00Z') }
  const app = createApp({
    store,
    config,
    mailer: {
      send(mail) {
        mails.push(mail)
        return Promise.resolve()
      },
    },
    now: () => clock.now,
    reactionCache: createMicroCache(5, 100),
  })

  async function send(
    method: string,
    path: string,
    options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
  ): Promise<Sent> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers['authorization'] = `Bearer ${options.token}`
    let body: string | undefined
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json'
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    }
    const response = await app.request(path, { method, headers, ...(body === undefined ? {} : { body }) })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON: keep the text
    }
    // Every refusal names its codes (the browser translates by code only, src/lib/errors.ts).
    const refusal = response.status >= 400 && typeof parsed === 'object' && parsed !== null && 'error' in parsed
    if (refusal && !problemsOfBody(parsed)) throw new Error(`${method} ${path}: ${response.status} without a known code: ${text}`)
    return { status: response.status, body: parsed, headers: response.headers }
  }

  /** Creates a user with a password and signs them in; returns their token. */
  async function signIn(
    role: Role,
    scope: { itemId?: number; pageName?: string; cityName?: string } = {},
    email = `${role}-${Math.random().toString(36).slice(2)}@example.org`,
  ) {
    const user = await createUser(
      store.db,
      { email, name: role, provider: 'email', role: ROLES.indexOf(role), passwordHash: await hashPassword(PASSWORD) },
      clock.now.toISOString(),
    )
    await store.db
      .updateTable('users')
      .set({ item_id: scope.itemId ?? null, page_name: scope.pageName ?? null, city_name: scope.cityName ?? null })
      .where('id', '=', user.id)
      .execute()
    const answer = await send('POST', '/auth/email', { body: { email, password: PASSWORD } })
    if (answer.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(answer.body)}`)
    return { token: answer.body.token as string, userId: user.id, email, cookie: answer.headers.get('set-cookie') ?? '' }
  }

  return {
    app,
    store,
    config,
    mails,
    clock,
    send,
    signIn,
    PASSWORD,
    async close() {
      await store.db.destroy()
      await drop()
    },
  }
}

/** A valid new item near Duvall, WA; override any field. */
export const duvallItem = (fields: Record<string, unknown> = {}) => ({
  dataAspect: 'statuses',
  title: 'Cherry Valley Elementary',
  state: 'open',
  priority: 'Normal',
  lat: 47.7423,
  lon: -121.9857,
  cityName: 'Duvall',
  pageName: 'wa/duvall',
  ...fields,
})
