// Progress of an import on stderr: the pass, bytes read of both passes, elements decoded and kept, rates and the
// time left, estimated from the bytes still to read.

export type ProgressFigures = {
  /** 1 (ways kept, their nodes) or 2 (everything). */
  pass: 1 | 2
  /** Position in the file within the current pass. */
  position: number
  fileBytes: number
  /** Elements decoded so far (both passes). */
  elements: number
  /** Businesses kept so far. */
  kept: number
  /** Milliseconds since the import started. */
  elapsedMs: number
  /** Milliseconds since the current pass started (the second decodes every node: slower a byte than the first). */
  passElapsedMs?: number
}

const MB = 1024 * 1024
const count = (value: number): string => Math.round(value).toLocaleString('en-US')

/** "1:05:09", "4:09" */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?'
  const whole = Math.round(seconds)
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60]
  const pad = (n: number): string => String(n).padStart(2, '0')
  return hours ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`
}

/**
 * One progress line. Both passes read the whole file, so the work is twice its size.
 * @example progressLine({ pass: 2, position: 50 * MB, fileBytes: 100 * MB, elements: 3e6, kept: 1200, elapsedMs: 15000 })
 * // 'pass 2/2 · 150.0 of 200.0 MB (75%) · 3,000,000 elements (200,000/s) · 1,200 businesses · 10.0 MB/s · ETA 0:15'
 */
export function progressLine(figures: ProgressFigures): string {
  const total = 2 * figures.fileBytes
  const done = (figures.pass - 1) * figures.fileBytes + figures.position
  const seconds = figures.elapsedMs / 1000
  const rate = seconds > 0 ? done / seconds : 0
  const share = total ? Math.floor((100 * done) / total) : 100
  // The time left at the current pass's own speed: the second pass's remaining bytes, or in the first pass the rest
  // of it plus a whole second pass at the first's speed (an early, low guess the second pass corrects).
  const passSeconds = (figures.passElapsedMs ?? figures.elapsedMs) / 1000
  const passRate = passSeconds > 0 && figures.pass === 2 ? figures.position / passSeconds : rate
  const left = figures.pass === 2 ? figures.fileBytes - figures.position : total - done
  return [
    `pass ${figures.pass}/2`,
    `${(done / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB (${share}%)`,
    `${count(figures.elements)} elements (${count(seconds > 0 ? figures.elements / seconds : 0)}/s)`,
    `${count(figures.kept)} businesses`,
    `${(rate / MB).toFixed(1)} MB/s`,
    `ETA ${passRate > 0 ? duration(left / passRate) : '?'}`,
  ].join(' · ')
}

/** Calls `write` with a line at most every `intervalMs` (and always for `final`). */
export function progressReporter(write: (line: string) => void, intervalMs = 1000, clock: () => number = Date.now) {
  const started = clock()
  let last = -Infinity
  let pass = 1
  let passStarted = started
  return (figures: Omit<ProgressFigures, 'elapsedMs' | 'passElapsedMs'>, final = false): void => {
    const now = clock()
    if (figures.pass !== pass) [pass, passStarted] = [figures.pass, now]
    if (!final && now - last < intervalMs) return
    last = now
    write(progressLine({ ...figures, elapsedMs: now - started, passElapsedMs: now - passStarted }))
  }
}
