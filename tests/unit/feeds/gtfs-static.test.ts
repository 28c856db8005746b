import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readStaticGtfs, TRIPS_PER_ROUTE } from '../../../server/feeds/transit/static-gtfs.ts'
import { boxAdd, boxUnion } from '../../../server/feeds/transit/transit-index.ts'

const zip = readFileSync(new URL('../../fixtures/feeds/gtfs/svt-gtfs.zip', import.meta.url))

/** A zip of the given files, made with the zip tool (the fixture zip is made the same way). */
function zipOf(files: Record<string, string>): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'gtfs-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  execFileSync('zip', ['-q', '-X', 'out.zip', ...Object.keys(files)], { cwd: dir })
  return readFileSync(join(dir, 'out.zip'))
}

describe('readStaticGtfs', () => {
  it('keeps each stop with coordinates, each route with its name and the box of its stops, and the agency', async () => {
    const index = await readStaticGtfs(zip)
    expect(Object.keys(index.stops)).toHaveLength(10)
    expect(index.stops['CTN']).toEqual([47.6479, -121.9138])
    // The platform without coordinates is left out.
    expect(index.stops['PLT']).toBeUndefined()
    expect(index.routes['DV']).toEqual({
      name: 'Valley Shuttle Duvall – Carnation – Fall City',
      agency: 'SVT',
      box: [47.5674, -121.9854, 47.7419, -121.889],
    })
    expect(index.routes['224']?.box).toEqual([47.6741, -122.1239, 47.7419, -121.9854])
    expect(index.agencies['SVT']).toEqual({
      name: 'Snoqualmie Valley Transportation',
      url: 'https://www.svtbus.org/',
      box: [47.4957, -122.1239, 47.7419, -121.7868],
      // Its service area: every stop a kept trip calls at (PLT has no coordinates).
      stops: ['RTC', 'RRG', 'DMS', 'DRS', 'CTN', 'CFR', 'FCY', 'SNF', 'SNQ', 'NBD'],
    })
    expect(index.box).toEqual([47.4957, -122.1239, 47.7419, -121.7868])
  })

  it('reads one trip per pattern of a route, at most a few, from stop_times', async () => {
    const trips = Array.from({ length: 30 }, (_, n) => `R,W,t${n},${n % 2},s${n}`).join('\n')
    const times = Array.from({ length: 30 }, (_, n) => `t${n},08:00:00,08:00:00,${n < TRIPS_PER_ROUTE ? 'A' : 'B'},1`).join('\n')
    const index = await readStaticGtfs(
      zipOf({
        'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,A,40,-100\nB,B,41,-101\n',
        'routes.txt': 'route_id,route_short_name,route_long_name,route_type\nR,R1,,3\n',
        'trips.txt': `route_id,service_id,trip_id,direction_id,shape_id\n${trips}\n`,
        'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence\n${times}\n`,
      }),
    )
    // Only the first TRIPS_PER_ROUTE patterns are kept: their stop is A; B belongs to later trips.
    expect(index.routes['R']).toEqual({ name: 'R1', agency: null, box: [40, -100, 40, -100] })
    expect(index.agencies).toEqual({})
  })

  it('leaves a route box empty without trips, and throws on a zip without stops.txt or not a zip', async () => {
    const index = await readStaticGtfs(
      zipOf({
        'stops.txt': '\uFEFFstop_id,stop_lat,stop_lon\n"S,1",40.5,-100.5\nbad,north,west\n',
        'routes.txt': 'route_id,route_long_name\nR,Main Street\n',
      }),
    )
    expect(index.stops).toEqual({ 'S,1': [40.5, -100.5] })
    expect(index.routes['R']).toEqual({ name: 'Main Street', agency: null, box: null })
    await expect(readStaticGtfs(zipOf({ 'routes.txt': 'route_id\nR\n' }))).rejects.toThrow('no stops.txt')
    await expect(readStaticGtfs(Buffer.from('not a zip at all'))).rejects.toThrow()
  })
})

describe('hostile zips', () => {
  it('stops a read that runs past its time limit, and refuses an endless record', async () => {
    const times = Array.from({ length: 25_000 }, (_, n) => `t${n},08:00:00,08:00:00,A,1`).join('\n')
    const files = {
      'stops.txt': 'stop_id,stop_lat,stop_lon\nA,40,-100\n',
      'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence\n${times}\n`,
    }
    await expect(readStaticGtfs(zipOf(files), -1)).rejects.toThrow('took longer')
    expect((await readStaticGtfs(zipOf(files))).stops).toEqual({ A: [40, -100] })
    await expect(readStaticGtfs(zipOf({ 'stops.txt': `stop_id,stop_name\nA,${'x'.repeat(200_000)}\n` }))).rejects.toThrow()
  })
})

describe('boxes', () => {
  it('grow to hold points and other boxes', () => {
    expect(boxAdd(boxAdd(null, 1, 2), -1, 5)).toEqual([-1, 2, 1, 5])
    expect(boxUnion(null, [1, 2, 3, 4])).toEqual([1, 2, 3, 4])
    expect(boxUnion([0, 0, 1, 1], [2, -1, 3, 0])).toEqual([0, -1, 3, 1])
  })
})
