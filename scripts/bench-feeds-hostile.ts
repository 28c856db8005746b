// bench:feeds' hostile shapes (issue 26, item 5): an NWS alert with a 650,000-point polygon (14 MB) and 150
// zone-only alerts naming 450 zones already in the zone cache, plus a probe of /api/health during ingestion.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import type { DatabaseSync } from 'node:sqlite'

const HUGE_POINTS = Number(process.env['BENCH_HUGE_POINTS'] ?? 650_000)
const CACHED_ZONES = Number(process.env['BENCH_CACHED_ZONES'] ?? 450)
const ZONE_VERTICES = 2000
const round = (value: number): number => Math.round(value * 1e5) / 1e5

/** A ring of `points` around a centre, ragged by a fast wobble (so simplification has work to do). */
function ring(lat: number, lon: number, degrees: number, points: number): [number, number][] {
  const positions: [number, number][] = []
  for (let index = 0; index < points; index++) {
    const angle = (index / points) * 2 * Math.PI
    const reach = degrees * (0.97 + 0.03 * Math.sin(index * 7.3))
    positions.push([round(lon + reach * Math.cos(angle)), round(lat + reach * 0.7 * Math.sin(angle))])
  }
  return [...positions, positions[0]!]
}

function alert(id: string, now: number, geometry: unknown, zones: string[]) {
  const iso = (hours: number) => new Date(now + hours * 3_600_000).toISOString()
  return {
    id: `https://api.weather.gov/alerts/${id}`,
    type: 'Feature',
    geometry,
    properties: {
      id,
      areaDesc: 'Bench County, WA',
      affectedZones: zones,
      sent: iso(-1),
      effective: iso(-1),
      onset: iso(-1),
      expires: iso(12),
      ends: iso(24),
      status: 'Actual',
      messageType: 'Alert',
      category: 'Met',
      severity: 'Severe',
      certainty: 'Likely',
      urgency: 'Immediate',
      event: 'Flood Warning',
      senderName: 'NWS Bench',
      headline: `Flood Warning ${id}`,
      description: 'The river is rising.',
      instruction: 'Move to higher ground.',
    },
  }
}

/**
 * The hostile part of the bench: `features` go into the NWS answer, `seed` fills the zone cache before the
 * feeds are released, `probe` times /api/health every 10 ms until stopped.
 */
export function hostileBench(origin: string, now: number) {
  const huge = alert('urn:oid:bench.huge', now, { type: 'Polygon', coordinates: [ring(47.6, -122.3, 0.3, HUGE_POINTS)] }, [])
  const zoneUrls = Array.from(
    { length: CACHED_ZONES },
    (_, index) => `${origin}/zones/cached/WAZ${String(index).padStart(4, '0')}`,
  )
  const zoneText = (index: number) =>
    JSON.stringify({
      type: 'MultiPolygon',
      coordinates: [[ring(40 + (index % 9), -120 + Math.floor(index / 9) / 2, 0.2, ZONE_VERTICES)]],
    })
  const zoned = Array.from({ length: Math.ceil(CACHED_ZONES / 3) }, (_, index) =>
    alert(`urn:oid:bench.cached.${index}`, now, null, zoneUrls.slice(index * 3, index * 3 + 3)),
  )
  const features = [huge, ...zoned]
  return {
    features,
    /** Characters the huge alert adds to the NWS answer. */
    hugeChars: JSON.stringify(huge).length,
    zones: CACHED_ZONES,
    zoneVertices: ZONE_VERTICES,
    hugePoints: HUGE_POINTS,
    /** The zones as an earlier run left them in feed_zones (fetched just now). */
    seed(db: DatabaseSync): void {
      const insert = db.prepare('insert or replace into feed_zones (url, geometry, error, fetched_at) values (?, ?, null, ?)')
      const at = new Date(now).toISOString()
      db.exec('begin')
      zoneUrls.forEach((url, index) => insert.run(url, zoneText(index), at))
      db.exec('commit')
    },
    /**
     * /api/health answered every 10 ms until `stop(since)`, timed from a process of its own (lib/health-probe.ts);
     * `stop` keeps the probes started at `since` (epoch ms) or later.
     */
    probe(port: number) {
      const child = spawn(process.execPath, ['scripts/lib/health-probe.ts', String(port)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
      return {
        /** Ends the probe without reading it (the bench failed). */
        kill: () => child.kill('SIGTERM'),
        async stop(since = 0) {
          const exited = once(child, 'exit')
          child.kill('SIGTERM')
          await exited
          const probes = (JSON.parse(out || '[]') as [number, number][]).filter(([at]) => at >= since)
          const sorted = probes.map(([, ms]) => ms).sort((a, b) => a - b)
          return {
            /** The five slowest probes: when each started (epoch ms) and how long it took. */
            slowest: [...probes]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 5)
              .map(([at, ms]) => ({ at, ms })),
            count: sorted.length,
            max: sorted.at(-1) ?? 0,
            p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
            p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
          }
        },
      }
    },
  }
}
