// The staff accounts of the end-to-end API (playwright.config.ts), made in one process before it starts: five runs
// of server/cli/user-create.ts (tested in tests/api/user-create.test.ts) were five Node starts in a row, and the API,
// the last server up, waited for them (docs/testing.md). The same fields and password hash; DATA_DIR names the database.
import { ROLES, type Role } from '../../src/lib/decode/editor-auth.ts'
import { loadConfig, loadEnvFile } from '../../server/config.ts'
import { openDatabase } from '../../server/db/index.ts'
import { createUser, setPassword, setRole } from '../../server/db/queries/users.ts'
import { hashPassword } from '../../server/lib/auth.ts'

type Account = { email: string; role: Role; name: string; page?: string; city?: string; item?: number }

export const PASSWORD = 'e2e-password-1'
export const ACCOUNTS: Account[] = [
  { email: 'staff@duvall.test', role: 'admin', name: 'Dana Staff' },
  // One user per scoped role, for the editor's permission walk (tests/e2e/editor.spec.ts).
  { email: 'root@duvall.test', role: 'superadmin', name: 'Sam Root' },
  { email: 'page@duvall.test', role: 'page', page: 'wa/carnation', name: 'Pat Page' },
  { email: 'area@duvall.test', role: 'area', city: 'Redmond', name: 'Ari Area' },
  { email: 'one@duvall.test', role: 'one', item: 1, name: 'Olu One' },
]

// As the CLI and the API read it: .env first, then DATA_DIR from playwright.config.ts.
loadEnvFile()
const config = loadConfig()
const { db } = await openDatabase(config.databaseUrl, config.dataDir)
const now = new Date().toISOString()
for (const account of ACCOUNTS) {
  const user = await createUser(
    db,
    { email: account.email, name: account.name, provider: 'email', role: 0, passwordHash: null },
    now,
  )
  await setPassword(db, user.id, await hashPassword(PASSWORD))
  await setRole(db, user.id, {
    role: ROLES.indexOf(account.role),
    pageName: account.page ?? null,
    cityName: account.city ?? null,
    itemId: account.item ?? null,
  })
}
await db.destroy()
console.log(`e2e: ${ACCOUNTS.length} staff accounts in ${config.dataDir}`)
