// Removes the Duvall demo set from the configured database and keeps it from being seeded again.
import { loadConfig, loadEnvFile } from '../config.ts'
import { removeDemo } from '../db/demo/index.ts'
import { openDatabase } from '../db/index.ts'

loadEnvFile()
const config = loadConfig()
const { db } = await openDatabase(config.databaseUrl, config.dataDir)
try {
  const removed = await removeDemo(db)
  console.log(`Removed ${removed} demo items.`)
} finally {
  await db.destroy()
}
