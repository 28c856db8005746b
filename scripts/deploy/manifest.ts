// The manifest of what the bucket holds (path → SHA-256), kept in the bucket itself, and the diff against dist/.
import { gunzipSync, gzipSync } from 'node:zlib'
import { sha256 } from './files.ts'

/** Where the manifest lives, under the deploy prefix; the edge code refuses dot-folders, so it is never served. */
export const MANIFEST_KEY = '.porchlight/manifest.tsv.gz'

export type Manifest = { rules: string; files: Map<string, string> }

/**
 * Tab-separated lines, sorted by path, gzipped (about 35 MB for the full site's 749,280 files,
 * the hashes being incompressible). The first line carries the header rules' fingerprint.
 */
export function encodeManifest(manifest: Manifest): Uint8Array {
  const lines = [`#porchlight-manifest 1 ${manifest.rules}`]
  for (const path of [...manifest.files.keys()].sort()) lines.push(`${path}\t${manifest.files.get(path)}`)
  return gzipSync(lines.join('\n') + '\n')
}

/** Reads a manifest; anything unreadable counts as no manifest (everything is uploaded again). */
export function decodeManifest(data: Uint8Array | null): Manifest {
  const empty: Manifest = { rules: '', files: new Map() }
  if (!data) return empty
  let text: string
  try {
    text = gunzipSync(data).toString('utf8')
  } catch {
    return empty
  }
  const [header = '', ...lines] = text.split('\n')
  const rules = /^#porchlight-manifest 1 (\S+)$/.exec(header)?.[1]
  if (!rules) return empty
  const files = new Map<string, string>()
  for (const line of lines) {
    const [path, hash] = line.split('\t')
    if (path && hash && /^[0-9a-f]{64}$/.test(hash)) files.set(path, hash)
  }
  return { rules, files }
}

/** A short fingerprint of the header rules (see headers.ts headerRulesId). */
export const rulesFingerprint = (id: string): string => sha256(id).slice(0, 16)

export type Plan = { upload: string[]; unchanged: number; remove: string[] }

/**
 * What to do: upload every local file whose hash the bucket does not have (all of them when the
 * header rules changed), remove what the bucket has and dist/ does not.
 */
export function plan(local: Map<string, string>, remote: Manifest, rules: string): Plan {
  const same = remote.rules === rules
  const upload: string[] = []
  let unchanged = 0
  for (const [path, hash] of local)
    if (same && remote.files.get(path) === hash) unchanged++
    else upload.push(path)
  const remove = [...remote.files.keys()].filter((path) => !local.has(path))
  return { upload, unchanged, remove }
}
