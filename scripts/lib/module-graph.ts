// Reads a built page's JavaScript: its module scripts and what they import statically, as the browser fetches them before running anything.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Static imports of a built chunk: `import{…}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`. */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\sfrom\s*|[\w*{}\s,$]*?from)?\s*["']([^"']+\.js)["']/g

/** The module scripts and module preloads a page's HTML names, as paths under the site root. */
export function pageScripts(html: string): string[] {
  const found = new Set<string>()
  for (const match of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) found.add(match[1]!)
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) found.add(match[1]!)
  return [...found].filter((src) => src.startsWith('/'))
}

/** The relative static imports of one built chunk, resolved against its own path. */
export function staticImports(code: string, from: string): string[] {
  const result: string[] = []
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const spec = match[1]!
    if (spec.startsWith('.')) result.push(join(dirname(from), spec))
    else if (spec.startsWith('/')) result.push(spec)
  }
  return result
}

/** Every file a page loads before its code runs: its scripts and, transitively, their static imports. */
export function staticGraph(root: string, entries: string[]): string[] {
  const seen = new Set<string>()
  const queue = [...entries]
  while (queue.length) {
    const path = queue.shift()!
    if (seen.has(path)) continue
    const file = resolve(root, `.${path}`)
    if (!existsSync(file)) continue
    seen.add(path)
    queue.push(...staticImports(readFileSync(file, 'utf8'), path))
  }
  return [...seen]
}

/** A built file's size as a static host sends it: gzip (level 6, like `compression`), source-map comment left out. */
export function gzipBytes(root: string, path: string): { raw: number; gzip: number } {
  const code = readFileSync(resolve(root, `.${path}`), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '')
  return { raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 6 }).length }
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`
