// Requests take turns: the synchronous work of each starts in a loop iteration of its own, so a request that costs
// little (a health check, an item page) waits behind at most one that costs more, never behind a whole batch.
// Without it, the requests read in one poll of the event loop run back to back before the loop polls again: 16
// reaction answers of 5 ms each held the next request for 80 ms, and two such batches for 160 ms (bench:feeds).
import type { MiddlewareHandler } from 'hono'

const waiting: (() => void)[] = []
let draining = false

/** Wakes the oldest waiting request, then lets the loop poll before the next one starts (setImmediate). */
function wakeNext(): void {
  const wake = waiting.shift()
  if (!wake) {
    draining = false
    return
  }
  wake()
  setImmediate(wakeNext)
}

/** Resolves in a later iteration of the event loop, after every request queued before it has started its work. */
export function takeTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    if (!draining) {
      draining = true
      setImmediate(wakeNext)
    }
  })
}

/** How many requests wait for their turn now (the stall record and tests read it). */
export const waitingTurns = (): number => waiting.length

/** Middleware: the request waits for its turn before its handler runs. */
export const turns: MiddlewareHandler = async (_c, next) => {
  await takeTurn()
  await next()
}
