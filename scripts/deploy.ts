// npm run deploy: uploads dist/ (or BUILD_DIST) to an S3-compatible bucket, incrementally. See docs/deploying.md.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readDeployConfig } from './deploy/config.ts'
import { formatBytes } from './deploy/progress.ts'
import { deploy, type DeploySummary } from './deploy/run.ts'

const { values } = parseArgs({
  options: { 'dry-run': { type: 'boolean', default: false }, list: { type: 'boolean', default: false } },
})
// Like the API, read .env when there is one (variables already set win).
if (existsSync('.env')) process.loadEnvFile('.env')
const root = resolve(process.env['BUILD_DIST'] ?? 'dist')
if (!existsSync(resolve(root, '_redirects'))) {
  console.error(`deploy: ${root} holds no build (no _redirects); run "npm run build" first`)
  process.exit(1)
}

/** The paths a dry run would touch: the first 20 of each kind, or all with --list. */
function printPlan(summary: DeploySummary): void {
  const show = (label: string, paths: string[]): void => {
    console.log(`${label}: ${paths.length.toLocaleString('en-US')}`)
    for (const path of values.list ? paths : paths.slice(0, 20)) console.log(`  ${path}`)
    if (!values.list && paths.length > 20)
      console.log(`  … and ${(paths.length - 20).toLocaleString('en-US')} more (--list shows all)`)
  }
  show('would upload', summary.plan.upload)
  show('would delete', summary.plan.remove)
  console.log(`unchanged: ${summary.plan.unchanged.toLocaleString('en-US')}`)
}

try {
  const config = readDeployConfig(process.env)
  const target = `${config.endpoint}/${config.bucket}/${config.prefix}`
  console.log(`deploy: ${root} → ${target}${values['dry-run'] ? ' (dry run)' : ''}`)
  const summary = await deploy({ root, config, dryRun: values['dry-run'], out: process.stderr })
  if (summary.dryRun) printPlan(summary)
  if (summary.refused.length)
    console.log(`deploy: ${summary.refused.length} file(s) skipped, their names cannot be object keys (listed above)`)
  const n = (x: number): string => x.toLocaleString('en-US')
  console.log(
    [
      `deploy${summary.dryRun ? ' (dry run, nothing sent)' : ''}: ${n(summary.total)} files compared, ${n(summary.uploaded)} uploaded (${formatBytes(summary.bytes)})`,
      `${n(summary.skipped)} unchanged${summary.resumed ? ` (${n(summary.resumed)} from the interrupted run)` : ''}`,
      `${n(summary.deleted)} deleted`,
      `${n(summary.requests)} requests, ${formatBytes(summary.bytesSent)} sent, ${n(summary.retries)} retries, ${summary.seconds.toFixed(1)} s`,
    ].join(', '),
  )
} catch (error) {
  console.error(`deploy failed: ${error instanceof Error ? error.message : String(error)}`)
  console.error('Run it again to continue: finished uploads are kept in .build/deploy/ and not repeated.')
  process.exit(1)
}
