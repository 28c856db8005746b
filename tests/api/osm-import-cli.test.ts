// The import:osm command itself (scripts/import-osm.ts) on a SQLite file: its summary on stdout, progress on stderr,
// a clear failure with exit code 1, and usage errors with 2.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writePbf } from '../../server/osm-import/pbf-writer.ts'

const dir = mkdtempSync(join(tmpdir(), 'osm-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const command = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/import-osm.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '' },
    timeout: 60_000,
  })

describe('npm run import:osm', { timeout: 90_000 }, () => {
  const path = join(dir, 'kent-latest.osm.pbf')
  writePbf(path, {
    nodes: [
      {
        id: 1,
        lat: 47.3809,
        lon: -122.2348,
        tags: { amenity: 'restaurant', name: 'Kent Diner', opening_hours: 'Mo-Su 06:00-14:00' },
      },
      { id: 2, lat: 47.381, lon: -122.235, tags: { amenity: 'bench', name: 'Bench' } },
    ],
  })

  it('imports, prints the summary on stdout and progress on stderr', () => {
    const result = command(path)
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/^Extract "kent-latest": [\d.]+ MB in 0:\d\d \([\d.]+ s\), peak memory \d+ MB$/m)
    expect(result.stdout).toMatch(/kept 1 business nodes and 0 business ways/)
    expect(result.stdout).toMatch(/added 1, changed 0, unchanged 0, removed 0/)
    expect(result.stderr).toMatch(/Importing .*kent-latest\.osm\.pbf into SQLite/)
    expect(result.stderr).toMatch(/pass 2\/2 · [\d.]+ of [\d.]+ MB \(100%\) .* · 1 businesses · .* ETA 0:00/)
  })

  it('fails with exit code 1 and the reason for a damaged file, removing nothing', () => {
    const cut = join(dir, 'kent-cut.osm.pbf')
    writePbf(cut, { nodes: [{ id: 3, lat: 47.38, lon: -122.23, tags: { shop: 'books', name: 'Books' } }] })
    truncateSync(cut, readFileSync(cut).length - 5)
    const result = command(cut, '--extract', 'kent-latest')
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/import:osm failed: truncated file: the OSMData block of \d+ bytes at byte \d+ ends after \d+/)
    expect(command(path).stdout).toMatch(/added 0, changed 0, unchanged 1, removed 0/)
  })

  it('answers usage errors with exit code 2', () => {
    expect(command().status).toBe(2)
    expect(command(path, '--unknown').stderr).toMatch(/usage: npm run import:osm -- <extract.osm.pbf>/)
    expect(command(path, 'second.pbf').status).toBe(2)
    const bad = command(path, '--extract', '../etc')
    expect(bad.status).toBe(1)
    expect(bad.stderr).toMatch(/extract name "..\/etc": letters, digits, . _ - only/)
  })
})
