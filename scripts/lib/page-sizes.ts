// Finds the largest page of a built site by its gzip size, as a static host would send it.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'

export type PageSize = { path: string; raw: number; gzip: number; pages: number }

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* htmlFiles(path)
    else if (entry.name.endsWith('.html')) yield path
  }
}

/** The page with the most gzip bytes (raw size first as a cheap filter: gzip only the 200 largest). */
export function largestPage(root: string): PageSize {
  const files = [...htmlFiles(root)].map((file) => ({ file, raw: readFileSync(file).length }))
  files.sort((a, b) => b.raw - a.raw)
  let best: PageSize = { path: '', raw: 0, gzip: 0, pages: files.length }
  for (const { file, raw } of files.slice(0, 200)) {
    const gzip = gzipSync(readFileSync(file), { level: 6 }).length
    if (gzip > best.gzip) best = { path: `/${relative(root, file)}`, raw, gzip, pages: files.length }
  }
  return best
}
