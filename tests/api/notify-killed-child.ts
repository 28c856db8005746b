// A notifier in a process of its own, for tests/api/notify-killed.test.ts to kill mid-batch: one round on the
// database at argv[2] (a SQLite file or a PostgreSQL URL), VAPID keys from argv[3], the clock fixed at argv[4].
import { openDatabase } from '../../server/db/index.ts'
import { vapidKeys } from '../../server/notify/keys.ts'
import { notifyRound } from '../../server/notify/start.ts'

const [url, dataDir, now] = process.argv.slice(2) as [string, string, string]
const store = await openDatabase(url, dataDir)
process.send?.('ready')
await notifyRound(store.db, () => new Date(now), {
  owner: 'doomed',
  vapid: vapidKeys(dataDir, 'https://porchlight.example'),
  siteUrl: 'https://porchlight.example',
  allowPrivate: true,
  burstMs: 30_000,
  concurrency: 4,
})
process.send?.('done')
