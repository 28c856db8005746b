// A whole deploy: hash dist/, compare with the bucket's manifest, upload what changed, then delete what is gone.
import { createHash } from 'node:crypto'
import type { DeployConfig } from './config.ts'
import { hashFiles, listFiles } from './files.ts'
import { headerRulesId } from './headers.ts'
import { Journal } from './journal.ts'
import { MANIFEST_KEY, decodeManifest, encodeManifest, plan, rulesFingerprint, type Plan } from './manifest.ts'
import { pool, type RetryOptions } from './pool.ts'
import { newTally, startProgress, type Tally } from './progress.ts'
import { Bucket } from './s3.ts'
import { keysOf, objectsFor } from './upload.ts'

export type DeployOptions = {
  root: string
  config: DeployConfig
  dryRun?: boolean
  /** Where progress goes (process.stderr in the CLI); null for none. */
  out?: NodeJS.WriteStream | null
  journalDir?: string
  retry?: RetryOptions
}

export type DeploySummary = Tally & {
  dryRun: boolean
  plan: Plan
  /** Files left out because no object key can name them (files.ts keyProblem), each with the reason. */
  refused: { path: string; reason: string }[]
  resumed: number
  requests: number
  bytesSent: number
  retries: number
  seconds: number
}

export async function deploy(options: DeployOptions): Promise<DeploySummary> {
  const { root, config, dryRun = false, out = null } = options
  const started = performance.now()
  const bucket = new Bucket(config, options.retry)
  const tally = newTally()
  const progress = startProgress(tally, out)
  try {
    const rules = rulesFingerprint(headerRulesId(config.variants))
    const remoteBytes = await bucket.get(MANIFEST_KEY)
    const remote = decodeManifest(remoteBytes)
    const base = remoteBytes ? createHash('sha256').update(remoteBytes).digest('hex').slice(0, 16) : 'none'
    const journal = new Journal(`${config.endpoint}/${config.bucket}/${config.prefix}`, base, rules, options.journalDir)
    // Uploads an interrupted run finished count as in the bucket already.
    const resumed = journal.read()
    const known = { rules: remote.rules, files: new Map(remote.files) }
    if (resumed.size) {
      known.rules = rules
      if (remote.rules !== rules) known.files = new Map()
      for (const [path, hash] of resumed) known.files.set(path, hash)
    }

    const { paths, refused } = await listFiles(root)
    for (const { path, reason } of refused) out?.write(`deploy: skipped ${JSON.stringify(path)}: ${reason}\n`)
    tally.total = paths.length
    const files = await hashFiles(root, paths, () => void tally.compared++)
    const local = new Map(files.map((f) => [f.path, f.hash]))
    const sizes = new Map(files.map((f) => [f.path, f.size]))
    const work = plan(local, known, rules)
    tally.toUpload = work.upload.length
    tally.skipped = work.unchanged
    tally.bytesToUpload = work.upload.reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0)
    const summary = (): DeploySummary => ({
      ...tally,
      dryRun,
      plan: work,
      refused,
      resumed: resumed.size,
      ...bucket.counters,
      seconds: (performance.now() - started) / 1000,
    })
    if (dryRun) return summary()

    progress.phase('uploading')
    progress.uploadsStarted()
    await pool(work.upload, config.concurrency, async (path) => {
      for (const object of await objectsFor(root, path, config.variants))
        await bucket.put(object.key, object.body, object.headers)
      journal.record(path, local.get(path) ?? '')
      tally.uploaded++
      tally.bytes += sizes.get(path) ?? 0
    })

    const staleVariants = remote.rules && remote.rules !== rules ? [...local.keys()].flatMap((p) => keysOf(p).slice(1)) : []
    if (work.upload.length || work.remove.length || resumed.size || remote.rules !== rules) {
      progress.phase('manifest')
      // Until the deletes are done the manifest still lists the removed files, so a run cut
      // short here deletes them next time.
      const pending = new Map(local)
      for (const path of work.remove) pending.set(path, remote.files.get(path) ?? '0'.repeat(64))
      await bucket.put(MANIFEST_KEY, encodeManifest({ rules, files: pending }), manifestHeaders)
      journal.clear()
      if (work.remove.length || staleVariants.length) {
        progress.phase('deleting')
        const current = new Set(config.variants.map((v) => `.${v}`))
        const stale = staleVariants.filter((key) => !current.has(key.slice(key.lastIndexOf('.'))))
        await bucket.deleteMany([...work.remove.flatMap(keysOf), ...stale])
        tally.deleted = work.remove.length
        await bucket.put(MANIFEST_KEY, encodeManifest({ rules, files: local }), manifestHeaders)
      }
    }
    journal.close()
    return summary()
  } finally {
    progress.stop()
  }
}

const manifestHeaders = { 'content-type': 'application/gzip', 'cache-control': 'no-store' }
