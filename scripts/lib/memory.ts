// Samples the resident memory of this process and all its descendants (Linux /proc; elsewhere n/a).
import { readFileSync, readdirSync } from 'node:fs'

function treeRss(root: number): number {
  let children: Map<number, number[]>
  try {
    children = new Map()
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue
      try {
        const parent = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.split(' ')[1])
        children.set(parent, [...(children.get(parent) ?? []), Number(name)])
      } catch {
        // The process ended while we looked.
      }
    }
  } catch {
    return 0
  }
  let total = 0
  const queue = [root]
  while (queue.length) {
    const pid = queue.pop() ?? 0
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      total += Number(rss?.[1] ?? 0) * 1024
    } catch {
      // Gone already.
    }
    queue.push(...(children.get(pid) ?? []))
  }
  return total
}

export function watchMemory(intervalMs = 500): { stop: () => string; peakBytes: () => number } {
  let peak = treeRss(process.pid)
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(process.pid))), intervalMs)
  timer.unref()
  return {
    stop: () => {
      clearInterval(timer)
      return peak ? `${(peak / 2 ** 30).toFixed(2)} GiB` : 'n/a'
    },
    peakBytes: () => peak,
  }
}
