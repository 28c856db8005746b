// The slowest test files of a run, from Vitest's and Playwright's JSON reports (scripts/test.ts prints them at the end,
// so a slow test is seen the day it lands). A file's time: Vitest's start to end; Playwright's summed test durations.
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'

export type FileTime = { file: string; seconds: number }

type VitestReport = { testResults?: { name: string; startTime: number; endTime: number }[] }
type PlaywrightSuite = { file?: string; specs?: { tests: { results: { duration: number }[] }[] }[]; suites?: PlaywrightSuite[] }

const read = <T>(path: string): T | null => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null)

/** Each file's seconds in one Vitest report. */
export function vitestFiles(report: VitestReport, root = process.cwd()): FileTime[] {
  return (report.testResults ?? []).map((result) => ({
    file: relative(root, result.name),
    seconds: (result.endTime - result.startTime) / 1000,
  }))
}

/** Each spec file's seconds in a Playwright report: every try of every test in it, added up. */
export function playwrightFiles(report: { suites?: PlaywrightSuite[] }): FileTime[] {
  const totals = new Map<string, number>()
  const walk = (suite: PlaywrightSuite, file: string): void => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) totals.set(file, (totals.get(file) ?? 0) + result.duration / 1000)
    for (const inner of suite.suites ?? []) walk(inner, file)
  }
  for (const suite of report.suites ?? []) walk(suite, `tests/e2e/${suite.file ?? '?'}`)
  return [...totals].map(([file, seconds]) => ({ file, seconds }))
}

/**
 * The `count` slowest files of the reports that exist, slowest first.
 * @example slowestFiles(['.build/vitest.json'], ['.build/playwright.json'], 10)[0] // { file: 'tests/e2e/editor.spec.ts', seconds: 61.2 }
 */
export function slowestFiles(vitest: string[], playwright: string[], count = 10): FileTime[] {
  const files = [
    ...vitest.flatMap((path) => vitestFiles(read<VitestReport>(path) ?? {})),
    ...playwright.flatMap((path) => playwrightFiles(read<{ suites?: PlaywrightSuite[] }>(path) ?? {})),
  ]
  return files.sort((a, b) => b.seconds - a.seconds).slice(0, count)
}
