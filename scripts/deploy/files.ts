// The local side of a deploy: every file under dist/ with its size and SHA-256.
import { createHash } from 'node:crypto'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { pool } from './pool.ts'

export type LocalFile = { path: string; size: number; hash: string }

/**
 * Paths that are not content: the generated edge code, and .br/.gz copies written next to
 * their file for nginx (`npm run precompress`); the deploy makes its own variants.
 */
export function skipped(path: string, all: Set<string>): boolean {
  if (path.startsWith('_edge/') || path.split('/').some((part) => part.startsWith('.'))) return true
  const variantOf = /^(.*)\.(br|gz)$/.exec(path)?.[1]
  return variantOf !== undefined && all.has(variantOf)
}

/** Every file under root as a slash-separated relative path, sorted. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const all = entries
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath, e.name)
        .slice(root.length + 1)
        .replaceAll('\\', '/'),
    )
  const set = new Set(all)
  return all.filter((path) => !skipped(path, set)).sort()
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
