// Progress of a deploy: one line rewritten in place on a terminal, a line every few seconds in logs.

export type Tally = {
  total: number
  compared: number
  toUpload: number
  uploaded: number
  skipped: number
  deleted: number
  bytes: number
  bytesToUpload: number
}

export const newTally = (): Tally => ({
  total: 0,
  compared: 0,
  toUpload: 0,
  uploaded: 0,
  skipped: 0,
  deleted: 0,
  bytes: 0,
  bytesToUpload: 0,
})

/** 1536 → '1.5 KB'; 9.1e9 → '8.5 GB' (binary units, one decimal). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${unit ? value.toFixed(1) : value} ${units[unit]}`
}

const formatSeconds = (s: number): string =>
  s >= 3600
    ? `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`
    : s >= 60
      ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`
      : `${Math.round(s)} s`

/** The one progress line: what is done, the upload rate and, once uploads run, the time left. */
export function progressLine(t: Tally, phase: string, seconds: number, uploadSeconds: number): string {
  const parts = [`${phase}: compared ${t.compared.toLocaleString('en-US')}/${t.total.toLocaleString('en-US')}`]
  parts.push(
    `uploaded ${t.uploaded.toLocaleString('en-US')}/${t.toUpload.toLocaleString('en-US')}`,
    `skipped ${t.skipped.toLocaleString('en-US')}`,
  )
  parts.push(`deleted ${t.deleted.toLocaleString('en-US')}`, formatBytes(t.bytes))
  if (uploadSeconds > 1 && t.uploaded > 0) {
    const rate = t.uploaded / uploadSeconds
    parts.push(`${rate.toFixed(0)} files/s`, `${formatBytes(t.bytes / uploadSeconds)}/s`)
    const left = t.toUpload - t.uploaded
    if (left > 0) parts.push(`ETA ${formatSeconds(left / rate)}`)
  }
  return `${parts.join(', ')} (${formatSeconds(seconds)})`
}

export type Reporter = { phase(name: string): void; uploadsStarted(): void; stop(): void }

/** Prints the tally every 200 ms on a TTY (one rewritten line), else every 10 s; silent when quiet. */
export function startProgress(tally: Tally, out: NodeJS.WriteStream | null): Reporter {
  const started = performance.now()
  let uploadStart = 0
  let phase = 'hashing'
  const tty = Boolean(out?.isTTY)
  const print = (): void => {
    if (!out) return
    const now = performance.now()
    const line = progressLine(tally, phase, (now - started) / 1000, uploadStart ? (now - uploadStart) / 1000 : 0)
    out.write(tty ? `\r\x1b[2K${line.slice(0, (out.columns || 200) - 1)}` : `${line}\n`)
  }
  const timer = setInterval(print, tty ? 200 : 10_000)
  timer.unref()
  return {
    phase: (name) => void (phase = name),
    uploadsStarted: () => void (uploadStart = performance.now()),
    stop: () => {
      clearInterval(timer)
      print()
      if (tty) out?.write('\n')
    },
  }
}
