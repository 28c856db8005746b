// The local side of a deploy: every file under dist/ with its size and SHA-256.
import { createHash } from 'node:crypto'
import { readFile, readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { pool } from './pool.ts'

export type LocalFile = { path: string; size: number; hash: string }

/**
 * Paths that are not content: the generated edge code, and .br/.gz copies written next to
 * their file for nginx (`npm run precompress`); the deploy makes its own variants.
 */
export function skipped(path: string, all: Set<string>): boolean {
  // Dot-folders are not content, but /.well-known/ (security.txt, docs/security.md) is published.
  const parts = path.replace(/^\.well-known\//, '').split('/')
  if (path.startsWith('_edge/') || parts.some((part) => part.startsWith('.'))) return true
  const variantOf = /^(.*)\.(br|gz)$/.exec(path)?.[1]
  return variantOf !== undefined && all.has(variantOf)
}

/**
 * Why a relative path cannot be an object key the edge serves, or null when it can: a backslash (on
 * Linux a file may be named `a\b.txt`; every URL parser reads it as a slash), a control character,
 * an empty, `.` or `..` segment, or more than S3's 1,024 bytes.
 * @example keyProblem('a\\b.txt') // 'a backslash in the name'
 */
export function keyProblem(path: string): string | null {
  if (path.includes('\\')) return 'a backslash in the name'
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'a control character in the name'
  if (path.split('/').some((part) => part === '' || part === '.' || part === '..')) return 'an empty, . or .. segment'
  if (Buffer.byteLength(path) > 1024) return 'longer than 1,024 bytes'
  return null
}

/** Every file under root as a slash-separated relative path, sorted, and the files no key can name. */
export async function listFiles(root: string): Promise<{ paths: string[]; refused: { path: string; reason: string }[] }> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const all = entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
  const set = new Set(all)
  const paths: string[] = []
  const refused: { path: string; reason: string }[] = []
  for (const path of all.filter((p) => !skipped(p, set)).sort()) {
    const reason = keyProblem(path)
    if (reason) refused.push({ path, reason })
    else paths.push(path)
  }
  return { paths, refused }
}

export const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex')

/** Hashes files with a few reads at once (the disk, not the CPU, is the limit); reports each one. */
export async function hashFiles(root: string, paths: string[], onFile: (file: LocalFile) => void): Promise<LocalFile[]> {
  const files: LocalFile[] = new Array<LocalFile>(paths.length)
  await pool(paths, 16, async (path, i) => {
    const data = await readFile(join(root, path))
    files[i] = { path, size: data.length, hash: sha256(data) }
    onFile(files[i])
  })
  return files
}
