// Runs every check and prints one summary line. Independent steps run side by side (docs/testing.md):
//   1. types, lint, format and dead code, beside the test build followed by the byte budgets on it
//   2. unit and API tests, beside the tests over the test build
//   3. the end-to-end tests, alone: they are the ones that time out when the machine is busy.
// A step running beside others keeps its output until it ends, then prints it in one piece.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { ensureNearIndex } from '../src/integrations/near-index.ts'
import { findTestBrowser } from './lib/browser.ts'
import { slowestFiles } from './lib/slowest.ts'

type Counts = { passed: number; failed: number; skipped: number }
type Step = { name: string; script: string; env?: Record<string, string>; report?: [string, 'vitest' | 'playwright'] }
type Done = { name: string; ok: boolean; seconds: number }
type PhaseTime = { steps: string[]; seconds: number; cpuSeconds: number | null }

const total: Counts = { passed: 0, failed: 0, skipped: 0 }
const done: Done[] = []
const phases: PhaseTime[] = []
const started = performance.now()
mkdirSync('.build', { recursive: true })

const vitestReport = '.build/vitest.json'
const builtReport = '.build/vitest-built.json'
const playwrightReport = '.build/playwright.json'
const sizeReport = '.build/size-budget.json'
for (const file of [vitestReport, builtReport, playwrightReport, sizeReport]) rmSync(file, { force: true })

/** Runs `npm run <script>`; alone it streams its output, beside others it prints it when it ends. */
function run(step: Step, alone: boolean): Promise<boolean> {
  const begun = performance.now()
  if (alone) console.log(`\n▶ ${step.name}: npm run ${step.script}`)
  const child = spawn('npm', ['run', '--silent', step.script], {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...step.env },
  })
  const output: Buffer[] = []
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const ok = code === 0
      const seconds = (performance.now() - begun) / 1000
      if (!alone) {
        console.log(`\n▶ ${step.name}: npm run ${step.script} (${seconds.toFixed(1)} s, beside other steps)`)
        process.stdout.write(Buffer.concat(output))
      }
      done.push({ name: step.name, ok, seconds })
      if (step.report) count(...step.report)
      resolve(ok)
    })
  })
}

/**
 * CPU seconds of the processes this one has waited for, and theirs (Linux: cutime and cstime of /proc/self/stat),
 * or null elsewhere. On a shared machine this, not the wall time, says what a phase costs (docs/testing.md); it
 * misses what outlives its parent (the end-to-end servers, ended with their process group).
 */
function childCpuSeconds(): number | null {
  if (!existsSync('/proc/self/stat')) return null
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields 16 and 17 of proc(5), counted from the state (field 3) here; in clock ticks, 100 a second on Linux.
  return (Number(fields[13]) + Number(fields[14])) / 100
}

/** Runs steps side by side (or one alone), a list of steps in turn; true when all pass. */
async function phase(steps: (Step | Step[])[]): Promise<boolean> {
  const alone = steps.length === 1 && !Array.isArray(steps[0])
  const begun = performance.now()
  const cpuBefore = childCpuSeconds()
  const chain = async (list: Step[]): Promise<boolean> => {
    for (const step of list) if (!(await run(step, alone))) return false
    return true
  }
  const results = await Promise.all(steps.map((step) => chain(Array.isArray(step) ? step : [step])))
  const cpuAfter = childCpuSeconds()
  phases.push({
    steps: steps.flat().map((step) => step.name),
    seconds: (performance.now() - begun) / 1000,
    cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  })
  return results.every(Boolean)
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

// Astro writes public/data/near when it is stale; once here, before astro check and the build both load the config.
ensureNearIndex()
// The byte budgets and the end-to-end tests need a Chromium: found (or installed) before anything starts.
const chromium = findTestBrowser()
let ok = await phase([
  { name: 'types', script: 'test:types' },
  { name: 'lint', script: 'test:lint' },
  { name: 'format', script: 'test:format' },
  // Unused files, exports and dependencies (knip.json): dead code fails the run.
  { name: 'dead code', script: 'test:dead' },
  [
    { name: 'build (test scope)', script: 'test:build' },
    // Byte budgets on the test build (scripts/size-budget.ts); it reports its checks in Vitest's JSON shape.
    // It counts bytes, which a busy machine does not change, and mostly waits for pages to go quiet.
    {
      name: 'size budget',
      script: 'test:size',
      env: { CHROMIUM_PATH: chromium },
      report: [sizeReport, 'vitest'],
    },
  ],
])
if (ok) {
  ok = await phase([
    { name: 'unit', script: 'test:unit', report: [vitestReport, 'vitest'] },
    { name: 'over the test build', script: 'test:built', report: [builtReport, 'vitest'] },
  ])
}
if (ok) {
  console.log(`test: end-to-end tests in ${chromium}`)
  ok = await phase([
    {
      name: 'end-to-end',
      script: 'test:e2e',
      env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
      report: [playwrightReport, 'playwright'],
    },
  ])
}
if (!ok && total.failed === 0) total.failed = 1
const seconds = (performance.now() - started) / 1000
writeFileSync('.build/test-times.json', JSON.stringify({ seconds, steps: done, phases }, null, 2))
console.log(`\n${done.map((step) => `${step.ok ? '✓' : '✗'} ${step.name} (${step.seconds.toFixed(1)} s)`).join('\n')}`)
const slowest = slowestFiles([vitestReport, builtReport], [playwrightReport])
if (slowest.length) {
  console.log('slowest test files (end-to-end: the sum of its tests, which run side by side):')
  for (const { file, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`)
}
for (const { steps, seconds, cpuSeconds } of phases) {
  const cpu = cpuSeconds === null ? '' : `, ${cpuSeconds.toFixed(0)} CPU s`
  console.log(`phase ${steps.join(' + ')}: ${seconds.toFixed(1)} s${cpu}`)
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`)
console.log(`test: ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s in all`)
process.exit(ok ? 0 : 1)
