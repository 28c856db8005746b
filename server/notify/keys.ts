// VAPID keys for Web Push: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else a pair generated once and kept in
// the data directory (vapid.json, mode 600), like the JWT secret (server/config.ts). VAPID_SUBJECT names the operator.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import webpush from 'web-push'

export type Vapid = { publicKey: string; privateKey: string; subject: string }
type Env = Record<string, string | undefined>

const kept = new Map<string, Vapid>()

/** The keys for this data directory (read once per process). */
export function vapidKeys(dataDir: string, siteUrl: string, env: Env = process.env): Vapid {
  const known = kept.get(dataDir)
  if (known) return known
  const subject = env['VAPID_SUBJECT'] || (siteUrl.startsWith('https://') ? siteUrl : 'mailto:no-reply@localhost')
  let keys: Vapid
  if (env['VAPID_PUBLIC_KEY'] || env['VAPID_PRIVATE_KEY']) {
    const publicKey = env['VAPID_PUBLIC_KEY'] ?? ''
    const privateKey = env['VAPID_PRIVATE_KEY'] ?? ''
    if (!/^[\w-]{87}$/.test(publicKey) || !/^[\w-]{43}$/.test(privateKey))
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set, base64url (npx web-push generate-vapid-keys)')
    keys = { publicKey, privateKey, subject }
  } else {
    const file = join(dataDir, 'vapid.json')
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true })
      writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 })
      chmodSync(file, 0o600)
    }
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
    keys = { publicKey: stored.publicKey, privateKey: stored.privateKey, subject }
  }
  kept.set(dataDir, keys)
  return keys
}
