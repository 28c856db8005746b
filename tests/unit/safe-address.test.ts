// The SSRF guard judges an IPv6 address that carries an IPv4 one by that IPv4 address.
import { describe, expect, it } from 'vitest'
import { isPublicAddress } from '../../server/lib/safe-fetch.ts'

describe('isPublicAddress', () => {
  it.each([
    '::7f00:1', // IPv4-compatible 127.0.0.1 (the review's address)
    '::127.0.0.1',
    '::a00:1', // 10.0.0.1
    '::a9fe:a9fe', // 169.254.169.254, the cloud metadata address
    '::ffff:7f00:1', // IPv4-mapped
    '::ffff:192.168.1.1',
    '64:ff9b::7f00:1', // NAT64
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '2002:a00:1::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1
    '::8.8.8.8', // IPv4-compatible is deprecated: never public
    '2002:808:808::1', // 6to4 tunnels are never a page's address
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    '10.0.0.1',
    '127.0.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(['8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})
