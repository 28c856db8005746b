// Google and GitHub identity checks. Base URLs come from the configuration so tests can use a local fake.
import { createRemoteJWKSet, jwtVerify } from 'jose'
import type { Config } from '../config.ts'

export type Identity = { email: string; name: string; provider: 'google' | 'github' }

const TIMEOUT_MS = 10_000
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

/** Verifies a Google ID token against Google's keys and the configured client id; the verified email. */
export async function googleIdentity(config: Config, credential: string): Promise<Identity | null> {
  if (!config.googleClientId) return null
  let keys = keySets.get(config.googleJwksUrl)
  if (!keys) keySets.set(config.googleJwksUrl, (keys = createRemoteJWKSet(new URL(config.googleJwksUrl))))
  try {
    const { payload } = await jwtVerify(credential, keys, {
      issuer: ['https://accounts.google.com', 'accounts.google.com'],
      audience: config.googleClientId,
    })
    const email = payload['email']
    if (typeof email !== 'string' || payload['email_verified'] !== true) return null
    const name = typeof payload['name'] === 'string' ? payload['name'] : email
    return { email, name, provider: 'google' }
  } catch {
    return null
  }
}

async function postJson(url: string, body: Record<string, string>): Promise<Record<string, unknown> | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!response.ok) return null
    const value: unknown = await response.json()
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** Exchanges a Google authorization code for an ID token, then verifies it. */
export async function googleCode(config: Config, code: string, redirectUri: string): Promise<Identity | null> {
  if (!config.googleClientId || !config.googleClientSecret) return null
  const answer = await postJson(config.googleTokenUrl, {
    code,
    client_id: config.googleClientId,
    client_secret: config.googleClientSecret,
    redirect_uri: redirectUri,
    grant_type: 'authorization_code',
  })
  const idToken = answer?.['id_token']
  return typeof idToken === 'string' ? googleIdentity(config, idToken) : null
}

/** Exchanges a GitHub authorization code for an access token. */
export async function githubToken(config: Config, code: string): Promise<string | null> {
  if (!config.githubClientId || !config.githubClientSecret) return null
  const answer = await postJson(`${config.githubOauthUrl}/login/oauth/access_token`, {
    client_id: config.githubClientId,
    client_secret: config.githubClientSecret,
    code,
  })
  const token = answer?.['access_token']
  return typeof token === 'string' && token ? token : null
}

async function githubGet(config: Config, path: string, token: string): Promise<unknown> {
  const response = await fetch(`${config.githubApiUrl}${path}`, {
    headers: { accept: 'application/vnd.github+json', authorization: `Bearer ${token}`, 'user-agent': 'Porchlight' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`GitHub ${path}: HTTP ${response.status}`)
  return response.json()
}

/** The GitHub user's primary verified email (and name) for an access token. */
export async function githubIdentity(config: Config, token: string): Promise<Identity | null> {
  try {
    const [user, emails] = await Promise.all([githubGet(config, '/user', token), githubGet(config, '/user/emails', token)])
    if (!Array.isArray(emails)) return null
    const primary = emails.find((entry: unknown) => {
      const { primary, verified } = (entry ?? {}) as Record<string, unknown>
      return primary === true && verified === true
    }) as { email?: unknown } | undefined
    if (typeof primary?.email !== 'string') return null
    const { name, login } = (user ?? {}) as Record<string, unknown>
    const shown = typeof name === 'string' && name ? name : typeof login === 'string' ? login : primary.email
    return { email: primary.email, name: shown, provider: 'github' }
  } catch {
    return null
  }
}
