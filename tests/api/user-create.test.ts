// npm run user:create: the way to make the first superadmin, and what it tells the operator to do next.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { openDatabase } from '../../server/db/index.ts'
import { saveSession, sessionLive } from '../../server/db/queries/sessions.ts'
import { userByEmail } from '../../server/db/queries/users.ts'

const dir = mkdtempSync(join(tmpdir(), 'user-create-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const run = (...args: string[]): string =>
  execFileSync(process.execPath, ['server/cli/user-create.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', SITE_URL: 'https://porch.example/' },
  })

test('creates a superadmin and points to the sign-in page, not to curl', () => {
  const output = run('--email', 'First@Town.gov', '--role', 'superadmin', '--password', 'a-long-password')
  expect(output).toContain('Created first@town.gov as superadmin.')
  expect(output).toContain('https://porch.example/login')
  expect(output).not.toContain('curl')
  expect(output).not.toContain('comes with the staff tools')
})

test('a second run updates the account, prints a generated password once and signs its sessions out', async () => {
  const { db } = await openDatabase(null, dir)
  const user = await userByEmail(db, 'first@town.gov')
  const now = new Date().toISOString()
  await saveSession(db, {
    sessionId: 'cli-test',
    userId: user!.id,
    hash: 'h'.repeat(64),
    expiresAt: '2999-01-01T00:00:00.000Z',
    now,
  })
  await db.destroy()
  const output = run('--email', 'first@town.gov', '--role', 'admin')
  expect(output).toContain('Updated first@town.gov as admin.')
  expect(output).toMatch(/Password \(shown once\): \S{16}/)
  const after = await openDatabase(null, dir)
  expect(await sessionLive(after.db, 'cli-test', user!.id)).toBe(false)
  await after.db.destroy()
})
