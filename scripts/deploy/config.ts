// The deploy target from environment variables: any S3-compatible endpoint (AWS S3, Cloudflare R2, Backblaze B2, MinIO).

export type Variant = 'br' | 'gz'

export type DeployConfig = {
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  sessionToken: string | undefined
  /** Key prefix inside the bucket, '' or ending in '/'. */
  prefix: string
  /** Virtual-host addressing (bucket.endpoint) instead of path style (endpoint/bucket). */
  virtualHost: boolean
  concurrency: number
  variants: Variant[]
}

/**
 * Reads DEPLOY_* (falling back to the AWS_* names for credentials and region); missing required
 * values are one error listing all of them.
 * @example readDeployConfig({ DEPLOY_ENDPOINT: 'http://127.0.0.1:9000', DEPLOY_BUCKET: 'site', ... }).prefix // ''
 */
export function readDeployConfig(env: Record<string, string | undefined>): DeployConfig {
  const value = (...names: string[]): string => names.map((n) => env[n]?.trim() ?? '').find(Boolean) ?? ''
  const config = {
    endpoint: value('DEPLOY_ENDPOINT', 'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL').replace(/\/+$/, ''),
    region: value('DEPLOY_REGION', 'AWS_REGION', 'AWS_DEFAULT_REGION') || 'auto',
    bucket: value('DEPLOY_BUCKET'),
    accessKeyId: value('DEPLOY_ACCESS_KEY_ID', 'AWS_ACCESS_KEY_ID'),
    secretAccessKey: value('DEPLOY_SECRET_ACCESS_KEY', 'AWS_SECRET_ACCESS_KEY'),
    sessionToken: value('DEPLOY_SESSION_TOKEN', 'AWS_SESSION_TOKEN') || undefined,
    prefix: readPrefix(value('DEPLOY_PREFIX')),
    virtualHost: value('DEPLOY_VIRTUAL_HOST') === '1',
    concurrency: Number(value('DEPLOY_CONCURRENCY') || 48),
    variants: readVariants(value('DEPLOY_PRECOMPRESS') || 'br,gz'),
  }
  const missing = (['endpoint', 'bucket', 'accessKeyId', 'secretAccessKey'] as const).filter((k) => !config[k])
  if (missing.length)
    throw new Error(`deploy: set ${missing.map((k) => NAMES[k]).join(', ')} (see .env.example and docs/deploying.md)`)
  if (!/^https?:\/\/[^/]+$/.test(config.endpoint))
    throw new Error(`DEPLOY_ENDPOINT: "${config.endpoint}" is not an http(s) origin`)
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(config.bucket))
    throw new Error(`DEPLOY_BUCKET: "${config.bucket}" is not a bucket name`)
  if (!(Number.isInteger(config.concurrency) && config.concurrency >= 1 && config.concurrency <= 256))
    throw new Error('DEPLOY_CONCURRENCY: a whole number from 1 to 256')
  return { ...config, prefix: config.prefix ? `${config.prefix}/` : '' }
}

const NAMES = {
  endpoint: 'DEPLOY_ENDPOINT',
  bucket: 'DEPLOY_BUCKET',
  accessKeyId: 'DEPLOY_ACCESS_KEY_ID',
  secretAccessKey: 'DEPLOY_SECRET_ACCESS_KEY',
}

/** 'br,gz' (the default), 'gz', or 'none' for hosts that compress themselves (CloudFront). */
function readVariants(text: string): Variant[] {
  if (text === 'none') return []
  const list = text.split(',').map((v) => v.trim())
  const bad = list.find((v) => v !== 'br' && v !== 'gz')
  if (bad !== undefined) throw new Error(`DEPLOY_PRECOMPRESS: "${bad}" is not br, gz or none`)
  return [...new Set(list as Variant[])]
}

/**
 * DEPLOY_PREFIX with repeated and trailing slashes dropped; one that starts with `/`, holds a `.` or
 * `..` segment, a backslash or a control character is refused (`../other` would write beside the site).
 * @example readPrefix('site//v2/') // 'site/v2'
 */
function readPrefix(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (text.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(text))
    throw new Error(`DEPLOY_PREFIX: "${text}" must be a relative key prefix (no leading /, backslash or control character)`)
  const parts = text.split('/').filter(Boolean)
  if (parts.some((part) => part === '.' || part === '..'))
    throw new Error(`DEPLOY_PREFIX: "${text}" may not contain . or .. segments`)
  return parts.join('/')
}
