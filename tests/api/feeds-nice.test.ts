// FEEDS_DECODE_NICE lowers the decode thread's priority only (on Linux the nice value is per thread); its own file,
// so the variable is set before this process starts any decode worker.
import { getPriority } from 'node:os'
import { expect, it } from 'vitest'

process.env['FEEDS_DECODE_NICE'] = '7'
const { decodeThreadNice } = await import('../../server/feeds/decode.ts')

it('decodes at the nice value asked for, while the request thread keeps its own', async () => {
  const own = getPriority()
  expect(await decodeThreadNice()).toBe(Math.max(own, 7))
  expect(getPriority()).toBe(own)
})
