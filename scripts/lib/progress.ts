// Formats the build's progress line: pages done, rate and time left.

/**
 * One progress line; the rate counts from the first page written (bundling comes before).
 * @example progressLine(150_000, 749_280, 60) // 'build: 150,000 of 749,280 pages (20 %), 2,500 pages/s, about 4 min left'
 */
export function progressLine(done: number, total: number, seconds: number): string {
  const rate = seconds > 0 ? done / seconds : 0
  const left = rate > 0 ? Math.max(0, total - done) / rate : Number.NaN
  const eta = !Number.isFinite(left)
    ? 'time left unknown'
    : left < 90
      ? `about ${Math.ceil(left)} s left`
      : `about ${Math.round(left / 60)} min left`
  const percent = total ? Math.min(100, Math.floor((done / total) * 100)) : 100
  return `build: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} pages (${percent} %), ${Math.round(rate).toLocaleString('en-US')} pages/s, ${eta}`
}
