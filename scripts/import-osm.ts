// npm run import:osm -- <extract.osm.pbf> [--extract NAME] [--allow-shrink] [--force]
// Imports the named businesses of an OpenStreetMap extract (a Geofabrik state or the US) into the configured database
// (SQLite in .data/ by default, PostgreSQL with DATABASE_URL): docs/feeds-cameras-osm.md, "Businesses at scale".
import { parseArgs } from 'node:util'
import { loadConfig, loadEnvFile } from '../server/config.ts'
import { openDatabase } from '../server/db/index.ts'
import { extractName, importOsm } from '../server/osm-import/import.ts'
import { failRun } from '../server/db/queries/osm-import.ts'
import { duration } from '../server/osm-import/progress.ts'

const USAGE = 'usage: npm run import:osm -- <extract.osm.pbf> [--extract NAME] [--allow-shrink] [--force]'

let args: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      extract: { type: 'string' },
      'allow-shrink': { type: 'boolean' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
}
try {
  args = parse()
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
  process.exit(2)
}
const [path] = args.positionals
if (args.values.help || !path || args.positionals.length > 1) {
  console.error(USAGE)
  process.exit(args.values.help ? 0 : 2)
}

loadEnvFile()
const config = loadConfig()
const { db, kind } = await openDatabase(config.databaseUrl, config.dataDir)
const tty = process.stderr.isTTY
const extract = args.values.extract ?? extractName(path)
// Stopped by Ctrl-C or a deploy: the run's row says so, so the next run does not wait for a dead one.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`\nimport:osm stopped by ${signal}: nothing was removed`)
    void failRun(db, extract, `stopped by ${signal}`)
      .catch(() => undefined)
      .finally(() => process.exit(130))
  })
let code = 0
try {
  console.error(`Importing ${path} into ${kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}…`)
  const result = await importOsm(db, {
    path,
    extract,
    ...(args.values['allow-shrink'] ? { minKeptShare: 0 } : {}),
    ...(args.values.force ? { force: true } : {}),
    onProgress: (line) => process.stderr.write(tty ? `\r${line}\x1b[K` : `${line}\n`),
    progressIntervalMs: tty ? 1000 : 10_000,
  })
  if (tty) process.stderr.write('\n')
  const peakMb = process.resourceUsage().maxRSS / 1024
  const { elements, kept, skipped } = result
  console.log(
    [
      `Extract "${result.extract}": ${(result.bytes / 1024 / 1024).toFixed(1)} MB in ${duration(result.seconds)} (${result.seconds.toFixed(1)} s), peak memory ${peakMb.toFixed(0)} MB`,
      `  read ${elements.nodes.toLocaleString('en-US')} nodes, ${elements.ways.toLocaleString('en-US')} ways, ${elements.relations.toLocaleString('en-US')} relations`,
      `  kept ${kept.nodes.toLocaleString('en-US')} business nodes and ${kept.ways.toLocaleString('en-US')} business ways (${result.nodeIndex.wanted.toLocaleString('en-US')} way nodes indexed, ${(result.nodeIndex.bytes / 1024 / 1024).toFixed(1)} MB)`,
      `  added ${result.added}, changed ${result.changed}, unchanged ${result.unchanged}, removed ${result.removed}`,
      `  skipped: ${skipped.incompleteWays} ways with nodes outside the file, ${skipped.relations} business relations (not imported), ${skipped.unplaced} far from any listed place, ${skipped.badPosition} without a valid position; ${result.capped} with tags cut`,
    ].join('\n'),
  )
} catch (error) {
  if (tty) process.stderr.write('\n')
  console.error(`import:osm failed: ${error instanceof Error ? error.message : String(error)}`)
  code = 1
} finally {
  await db.destroy()
}
process.exit(code)
