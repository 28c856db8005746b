// A road item's segment, written by the server (server/lib/road-path.ts) and read back by the map (src/lib/live/road-path.ts).
import { describe, expect, it } from 'vitest'
import { PATH_VERTICES, roadPath } from '../../../server/lib/road-path.ts'
import { roadLines } from '../../../src/lib/live/road-path.ts'

const line = (points: number): [number, number][] =>
  Array.from({ length: points }, (_, index) => [-122 + index * 0.001, 47.7 + Math.sin(index / 7) * 0.01])

describe('roadPath and roadLines', () => {
  it('round-trips a line in [lat, lon] order within a metre', () => {
    const coordinates = line(10)
    const [drawn] = roadLines(roadPath(JSON.stringify({ type: 'LineString', coordinates })) ?? undefined)
    expect(drawn).toHaveLength(10)
    drawn!.forEach(([lat, lon], index) => {
      expect(lat).toBeCloseTo(coordinates[index]![1], 5)
      expect(lon).toBeCloseTo(coordinates[index]![0], 5)
    })
  })

  it('keeps at most 64 points of a long line, its ends kept', () => {
    const coordinates = line(2000)
    const [drawn] = roadLines(roadPath(JSON.stringify({ type: 'LineString', coordinates })) ?? undefined)
    expect(drawn!.length).toBeLessThanOrEqual(PATH_VERTICES)
    expect(drawn!.length).toBeGreaterThan(16)
    expect(drawn![0]).toEqual([47.7, -122])
    expect(drawn!.at(-1)![1]).toBeCloseTo(coordinates.at(-1)![0], 5)
  })

  it('keeps each line of a multi-line, 64 points in all', () => {
    const coordinates = [line(50), line(50).map(([lon, lat]) => [lon, lat + 0.1])]
    const lines = roadLines(roadPath(JSON.stringify({ type: 'MultiLineString', coordinates })) ?? undefined)
    expect(lines.length).toBeGreaterThanOrEqual(1)
    expect(lines.flat().length).toBeLessThanOrEqual(PATH_VERTICES)
  })

  it('gives no path for points, areas, broken or absent shapes', () => {
    expect(roadPath(null)).toBeNull()
    expect(roadPath(JSON.stringify({ type: 'Point', coordinates: [-122, 47.7] }))).toBeNull()
    const ring = [
      [-122, 47],
      [-121, 47],
      [-121, 48],
      [-122, 47],
    ]
    expect(roadPath(JSON.stringify({ type: 'Polygon', coordinates: [ring] }))).toBeNull()
    expect(roadPath('{"type":"LineString","coordinates":[[500,47]]}')).toBeNull()
    expect(roadPath('{"type":"LineString",')).toBeNull()
  })

  it('reads nothing from a path that is not one (the answer is untrusted)', () => {
    expect(roadLines(undefined)).toEqual([])
    expect(roadLines('_p~iF~ps|U' as never)).toEqual([])
    expect(roadLines([42 as never, '<script>', ''])).toEqual([])
    // One point is not a line.
    expect(roadLines(['_p~iF~ps|U'])).toEqual([])
    // More points than the server ever writes: the excess is left out.
    const many = roadPath(JSON.stringify({ type: 'LineString', coordinates: line(60) }))!
    expect(roadLines([...many, ...many]).flat()).toHaveLength(60)
  })
})
