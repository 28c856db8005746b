// npm run bench:deploy: first and no-change deploys of a 30,000+ page scope to the local S3 server.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { readDeployConfig } from './deploy/config.ts'
import { startLocalS3 } from './deploy/local-s3.ts'
import { formatBytes } from './deploy/progress.ts'
import { deploy, type DeploySummary } from './deploy/run.ts'

const root = resolve(process.env['BENCH_DIST'] ?? '.build/bench-deploy-dist')
const scope = { BUILD_STATES: process.env['BENCH_STATES'] ?? 'pa,tx', BUILD_LOCALES: process.env['BENCH_LOCALES'] ?? 'en,es' }
if (!existsSync(join(root, '_redirects'))) {
  // About 31,000 pages; run this under the build lock where others build too.
  console.log(`bench:deploy: building ${scope.BUILD_STATES} × ${scope.BUILD_LOCALES} into ${root}`)
  const built = spawnSync(process.execPath, ['scripts/build.ts'], {
    env: { ...process.env, ...scope, BUILD_DIST: root },
    stdio: 'inherit',
  })
  if (built.status !== 0) process.exit(1)
}

const s3 = await startLocalS3()
const config = readDeployConfig({
  DEPLOY_ENDPOINT: s3.endpoint,
  DEPLOY_BUCKET: s3.bucket,
  DEPLOY_ACCESS_KEY_ID: s3.accessKeyId,
  DEPLOY_SECRET_ACCESS_KEY: s3.secretAccessKey,
  DEPLOY_CONCURRENCY: process.env['DEPLOY_CONCURRENCY'] ?? '48',
  DEPLOY_PRECOMPRESS: process.env['DEPLOY_PRECOMPRESS'] ?? 'br,gz',
})
const journalDir = mkdtempSync(join(tmpdir(), 'porchlight-bench-journal-'))
const rows: [string, DeploySummary][] = []
for (const name of ['first deploy', 'no-change deploy']) {
  const summary = await deploy({ root, config, journalDir, out: process.stderr })
  rows.push([name, summary])
}
await s3.close()
rmSync(journalDir, { recursive: true, force: true })

const n = (x: number): string => x.toLocaleString('en-US')
console.log(
  `\nbench:deploy: ${root} (${n(rows[0]?.[1].total ?? 0)} files, ${formatBytes(rows[0]?.[1].bytesToUpload ?? 0)}), concurrency ${config.concurrency}, variants ${config.variants.join('+') || 'none'}`,
)
console.log('| run | time | files uploaded | unchanged | requests | bytes sent | files/s |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const [name, s] of rows)
  console.log(
    `| ${name} | ${s.seconds.toFixed(1)} s | ${n(s.uploaded)} | ${n(s.skipped)} | ${n(s.requests)} | ${formatBytes(s.bytesSent)} | ${n(Math.round(s.total / s.seconds))} |`,
  )
console.log(
  `objects in the bucket: ${n(s3.objects.size)}, ${formatBytes([...s3.objects.values()].reduce((sum, o) => sum + o.body.length, 0))}`,
)
