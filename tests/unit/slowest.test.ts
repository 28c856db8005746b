import { describe, expect, it } from 'vitest'
import { playwrightFiles, vitestFiles } from '../../scripts/lib/slowest.ts'

describe('slowest test files', () => {
  it('reads Vitest files from start to end, relative to the root', () => {
    const report = { testResults: [{ name: '/repo/tests/unit/a.test.ts', startTime: 1000, endTime: 3500 }] }
    expect(vitestFiles(report, '/repo')).toEqual([{ file: 'tests/unit/a.test.ts', seconds: 2.5 }])
  })

  it('adds up every try of every test of a Playwright spec file, nested suites included', () => {
    const test = (...durations: number[]) => ({ results: durations.map((duration) => ({ duration })) })
    const report = {
      suites: [
        { file: 'a.spec.ts', specs: [{ tests: [test(1000, 2000)] }], suites: [{ specs: [{ tests: [test(500)] }] }] },
        { file: 'b.spec.ts', specs: [{ tests: [test(250)] }] },
      ],
    }
    expect(playwrightFiles(report)).toEqual([
      { file: 'tests/e2e/a.spec.ts', seconds: 3.5 },
      { file: 'tests/e2e/b.spec.ts', seconds: 0.25 },
    ])
  })
})
