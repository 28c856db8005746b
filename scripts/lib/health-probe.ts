// Times GET /api/health every 10 ms from a process of its own until SIGTERM, then writes each probe's start (epoch
// ms) and time (ms) as JSON pairs to stdout (bench:feeds). A probe inside the bench process also waited for the bench's own work, serving a 25.8 MB
// feed and driving the reaction load, and counted that as the API's.
import { setTimeout as sleep } from 'node:timers/promises'

const port = Number(process.argv[2])
const times: [number, number][] = []
let stopped = false
process.on('SIGTERM', () => {
  stopped = true
})
while (!stopped) {
  const started = performance.now()
  try {
    await (await fetch(`http://localhost:${port}/api/health`)).arrayBuffer()
    times.push([Math.round(performance.timeOrigin + started), performance.now() - started])
  } catch {
    // A refused probe is not a time.
  }
  await sleep(10)
}
process.stdout.write(JSON.stringify(times))
