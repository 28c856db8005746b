import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { AstroIntegration } from 'astro'
import { parseCities } from '../lib/cities.ts'
import { buildNearIndex } from '../lib/near-index.ts'

/** Bump when the file format or the pruning changes, so existing indexes are rebuilt. */
const FORMAT = 'near-index 1'
const CITIES = 'public/data/cities.txt'
const OUT = 'public/data/near'
const STAMP = '.build/near-index.stamp'

/**
 * Writes /data/near/{lat}_{lon}.json (src/lib/near-index.ts) under public/ unless it is already
 * there for this cities.txt; returns the number of cells written (0 when up to date). It is written
 * beside and then renamed into place, so a build reading public/ never sees half an index.
 * @example ensureNearIndex() // in scripts/build.ts before the Astro processes start
 */
export function ensureNearIndex(root = process.cwd()): number {
  const text = readFileSync(resolve(root, CITIES), 'utf8')
  const stamp = createHash('sha256').update(FORMAT).update(text).digest('hex')
  const out = resolve(root, OUT)
  const stampFile = resolve(root, STAMP)
  if (existsSync(out) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return 0
  const cells = buildNearIndex(parseCities(text))
  const temp = `${out}.tmp-${process.pid}`
  rmSync(temp, { recursive: true, force: true })
  mkdirSync(temp, { recursive: true })
  for (const [key, cell] of cells) writeFileSync(join(temp, `${key}.json`), JSON.stringify(cell))
  rmSync(out, { recursive: true, force: true })
  renameSync(temp, out)
  mkdirSync(resolve(root, '.build'), { recursive: true })
  writeFileSync(stampFile, stamp)
  return cells.size
}

/** Keeps the coordinate pages' index current for `astro build` and `astro dev`. */
export function nearIndexIntegration(): AstroIntegration {
  return {
    name: 'porchlight:near-index',
    hooks: {
      'astro:config:setup': ({ logger }) => {
        const written = ensureNearIndex()
        if (written) logger.info(`wrote ${written} nearest-place cells to ${OUT}`)
      },
    },
  }
}
