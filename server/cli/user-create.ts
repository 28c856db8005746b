// Creates (or updates) a staff account from the command line: the way to make the first superadmin.
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { ROLES, type Role } from '../../src/lib/decode/editor-auth.ts'
import { loadConfig, loadEnvFile } from '../config.ts'
import { openDatabase } from '../db/index.ts'
import { endUserSessions } from '../db/queries/sessions.ts'
import { createUser, setPassword, setRole, userByEmail } from '../db/queries/users.ts'
import { hashPassword } from '../lib/auth.ts'

const USAGE = `Usage: npm run user:create -- --email you@town.gov --role superadmin [--name "Your Name"] [--password "…"]
         [--page wa/duvall] [--city Duvall] [--item 12]
Roles: ${ROLES.join(', ')}. Without --password, a random one is made and printed once.`

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string', default: 'superadmin' },
    name: { type: 'string', default: '' },
    password: { type: 'string' },
    page: { type: 'string' },
    city: { type: 'string' },
    item: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
})

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`)
  process.exit(2)
}

if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const email = values.email?.trim().toLowerCase() ?? ''
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail('A valid --email is required.')
const role = ROLES.find<Role>((name): name is Role => name === values.role || String(ROLES.indexOf(name)) === values.role)
if (!role) fail(`Unknown role: ${values.role}`)
if (role === 'page' && !values.page) fail('A page user needs --page (a route such as wa/duvall).')
if (role === 'area' && !values.city) fail('An area user needs --city.')
if (role === 'one' && !/^\d+$/.test(values.item ?? '')) fail('A one-item user needs --item (an item id).')
const generated = values.password === undefined
const password = values.password ?? randomBytes(12).toString('base64url')
if (password.length < 8) fail('Password must be at least 8 characters')

loadEnvFile()
const config = loadConfig()
const { db } = await openDatabase(config.databaseUrl, config.dataDir)
const now = new Date().toISOString()
const existing = await userByEmail(db, email)
const user = existing ?? (await createUser(db, { email, name: values.name, provider: 'email', role: 0, passwordHash: null }, now))
await setPassword(db, user.id, await hashPassword(password))
// A new password signs the account out everywhere, as a reset link does.
if (existing) await endUserSessions(db, user.id, now, 'password')
await setRole(db, user.id, {
  role: ROLES.indexOf(role),
  pageName: role === 'page' ? values.page!.toLowerCase() : null,
  cityName: role === 'area' ? values.city! : null,
  itemId: role === 'one' ? Number(values.item) : null,
})
await db.destroy()
console.log(`${existing ? 'Updated' : 'Created'} ${email} as ${role}.`)
if (generated) console.log(`Password (shown once): ${password}`)
const staffTools = role === 'admin' || role === 'superadmin' ? `, then the editor and user admin at ${config.siteUrl}/editor` : ''
console.log(`Sign in at ${config.siteUrl}/login${staffTools}.`)
