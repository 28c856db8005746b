// Loaded into the API by benchmarks (node --import): records each stretch over 50 ms in which the request
// thread's event loop did not turn, with the CPU that thread used meanwhile. A stall with its CPU close to
// its length is our code holding the loop; one with little CPU is the machine not running the process.
// Written to LOOP_STALLS_FILE as JSON every second and at exit; read back with readStalls.
import { readFileSync, renameSync, writeFileSync } from 'node:fs'

/** A stall: when it ended (epoch ms), how long the loop did not turn, and the thread's CPU meanwhile. */
export type Stall = { at: number; ms: number; cpuMs: number; fromUs?: number; toUs?: number }
const TICK_MS = 10
const RECORD_OVER_MS = 50

const file = process.env['LOOP_STALLS_FILE']
if (file) {
  const stalls: Stall[] = []
  let last = performance.now()
  let lastCpu = process.threadCpuUsage()
  setInterval(() => {
    const now = performance.now()
    const cpu = process.threadCpuUsage()
    const ms = now - last - TICK_MS
    if (ms > RECORD_OVER_MS) {
      const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000
      // fromUs/toUs: the monotonic clock in µs, the clock of a V8 CPU profile's samples (BENCH_PROFILE)
      const toUs = Number(process.hrtime.bigint() / 1000n)
      const fromUs = Math.round(toUs - (now - last) * 1000)
      stalls.push({ at: Math.round(performance.timeOrigin + now), ms: Math.round(ms), cpuMs: Math.round(cpuMs), fromUs, toUs })
    }
    last = now
    lastCpu = cpu
  }, TICK_MS).unref()
  // Written aside and renamed over, so a reader never meets a half-written file (it read as no stalls at all).
  const save = (): void => {
    writeFileSync(`${file}.next`, JSON.stringify(stalls))
    renameSync(`${file}.next`, file)
  }
  setInterval(save, 1000).unref()
  process.on('exit', save)
}

/** The stalls a run recorded since `since` (epoch ms; none when the file is missing). */
export function readStalls(path: string, since = 0): Stall[] {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as Stall[]).filter((stall) => stall.at >= since)
  } catch {
    return []
  }
}

/**
 * One line on the stalls over `overMs`: how many, the longest, and how much of it the thread spent running.
 * @example stallSummary([{ at: 0, ms: 240, cpuMs: 30 }], 100) // '1 over 100 ms; longest 240 ms, 30 ms of it on the CPU'
 */
export function stallSummary(stalls: Stall[], overMs: number): string {
  const over = stalls.filter((stall) => stall.ms > overMs)
  if (!over.length) return `none over ${overMs} ms`
  const longest = over.reduce((a, b) => (b.ms > a.ms ? b : a))
  const busiest = over.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a))
  return `${over.length} over ${overMs} ms; longest ${longest.ms} ms, ${longest.cpuMs} ms of it on the CPU; most CPU in one: ${busiest.cpuMs} ms`
}
