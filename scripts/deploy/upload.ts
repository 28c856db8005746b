// One file's objects: the file itself and its brotli and gzip copies, each with its headers.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Variant } from './config.ts'
import { cacheControl, compressible, contentType } from './headers.ts'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** The variants' object keys end in .br and .gz; Content-Encoding tells the CDN what they hold. */
export const ENCODING: Record<Variant, string> = { br: 'br', gz: 'gzip' }

export type ObjectToPut = { key: string; body: Uint8Array; headers: Record<string, string> }

/**
 * Compresses with the slowest, smallest settings (brotli 11, gzip 9): a page is compressed once per
 * change and served many times. zlib's async calls run on libuv's threads, so several cores work.
 */
export async function compress(data: Uint8Array, variant: Variant): Promise<Uint8Array> {
  if (variant === 'gz') return gz(data, { level: 9 })
  return brotli(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 7,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      // A window no larger than the file: the default 4 MB window costs a large allocation per page.
      [constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(16, Math.ceil(Math.log2(data.length + 1)))),
    },
  })
}

/** The objects for one file of dist/. */
export async function objectsFor(root: string, path: string, variants: Variant[]): Promise<ObjectToPut[]> {
  const body = await readFile(join(root, path))
  const headers = { 'content-type': contentType(path), 'cache-control': cacheControl(path) }
  const objects: ObjectToPut[] = [{ key: path, body, headers }]
  if (!compressible(path)) return objects
  for (const variant of variants)
    objects.push({
      key: `${path}.${variant}`,
      body: await compress(body, variant),
      headers: { ...headers, 'content-encoding': ENCODING[variant] },
    })
  return objects
}

/** Keys to delete with a removed file: itself and any variant an earlier deploy may have made. */
export const keysOf = (path: string): string[] => (compressible(path) ? [path, `${path}.br`, `${path}.gz`] : [path])
