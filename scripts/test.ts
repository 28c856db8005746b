// Runs every check in order (types, lint, format, unit, scoped build, end-to-end) and prints one summary line.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { findChromium } from './lib/browser.ts'

type Counts = { passed: number; failed: number; skipped: number }
const total: Counts = { passed: 0, failed: 0, skipped: 0 }
const steps: string[] = []
mkdirSync('.build', { recursive: true })

function run(name: string, script: string, env: Record<string, string> = {}): boolean {
  const started = performance.now()
  console.log(`\n▶ ${name}: npm run ${script}`)
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  steps.push(`${ok ? '✓' : '✗'} ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
  return ok
}

/** Adds a JSON report's counts (Vitest's or Playwright's) to the total. */
function count(file: string, kind: 'vitest' | 'playwright'): void {
  if (!existsSync(file)) return
  const report = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, number> | number>
  if (kind === 'vitest') {
    total.passed += Number(report['numPassedTests'] ?? 0)
    total.failed += Number(report['numFailedTests'] ?? 0)
    total.skipped += Number(report['numPendingTests'] ?? 0) + Number(report['numTodoTests'] ?? 0)
  } else {
    const stats = (report['stats'] ?? {}) as Record<string, number>
    total.passed += (stats['expected'] ?? 0) + (stats['flaky'] ?? 0)
    total.failed += stats['unexpected'] ?? 0
    total.skipped += stats['skipped'] ?? 0
  }
}

const vitestReport = '.build/vitest.json'
const playwrightReport = '.build/playwright.json'
const sizeReport = '.build/size-budget.json'
rmSync(vitestReport, { force: true })
rmSync(playwrightReport, { force: true })
rmSync(sizeReport, { force: true })

let ok = run('types', 'test:types') && run('lint', 'test:lint') && run('format', 'test:format')
if (ok) {
  ok = run('unit', 'test:unit', {}) && ok
  count(vitestReport, 'vitest')
}
if (ok) ok = run('build (test scope)', 'test:build')
if (ok) {
  // Byte budgets on the test build (scripts/size-budget.ts); it reports its checks in Vitest's JSON shape.
  ok = run('size budget', 'test:size', { CHROMIUM_PATH: findChromium() }) && ok
  count(sizeReport, 'vitest')
}
if (ok) {
  const chromium = findChromium()
  console.log(`test: end-to-end tests in ${chromium}`)
  ok = run('end-to-end', 'test:e2e', { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport })
  count(playwrightReport, 'playwright')
}
if (!ok && total.failed === 0) total.failed = 1
console.log(`\n${steps.join('\n')}`)
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`)
process.exit(ok ? 0 : 1)
