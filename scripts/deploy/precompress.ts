// npm run precompress: writes .br and .gz copies next to dist/'s text files for nginx's
// brotli_static and gzip_static (the object-storage deploy makes its own and skips these).
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { listFiles } from './files.ts'
import { compressible } from './headers.ts'
import { pool } from './pool.ts'
import { formatBytes } from './progress.ts'
import { compress } from './upload.ts'

const root = resolve(process.env['BUILD_DIST'] ?? 'dist')
const started = performance.now()
const paths = (await listFiles(root)).paths.filter((path) => compressible(path) && !path.startsWith('_edge/'))
let written = 0
let raw = 0
let packed = 0
await pool(paths, 8, async (path) => {
  const file = join(root, path)
  const source = await stat(file)
  // Fresh copies are kept: a second run after a small rebuild only redoes the changed files.
  const fresh = await stat(`${file}.gz`).then(
    (s) => s.mtimeMs >= source.mtimeMs,
    () => false,
  )
  if (fresh) return
  const data = await readFile(file)
  const [br, gz] = await Promise.all([compress(data, 'br'), compress(data, 'gz')])
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
  written++
  raw += data.length
  packed += br.length
})
const seconds = (performance.now() - started) / 1000
console.log(
  `precompress: ${written.toLocaleString('en-US')} of ${paths.length.toLocaleString('en-US')} files in ${seconds.toFixed(1)} s; ${formatBytes(raw)} → ${formatBytes(packed)} brotli`,
)
