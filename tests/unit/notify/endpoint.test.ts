import { describe, expect, it } from 'vitest'
import { endpointProblem, isPushService, pushServiceHosts } from '../../../server/notify/endpoint.ts'

const publicAddress = () => Promise.resolve([{ address: '142.250.1.95' }])

describe('push endpoints', () => {
  it('takes the browsers’ push services on 443, and only them', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:443/wp/abc',
      'https://android.googleapis.com/gcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QO-abc',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ])
      expect(await endpointProblem(endpoint, false, publicAddress), endpoint).toBeNull()
    expect(await endpointProblem('https://push.example.org/x', false, publicAddress)).toMatch(/browser push service/)
    expect(await endpointProblem('https://fcm.googleapis.com:22/x', false, publicAddress)).toMatch(/port 443/)
  })

  it('reads PUSH_SERVICE_HOSTS: host names, or *. and a suffix', () => {
    const hosts = pushServiceHosts({ PUSH_SERVICE_HOSTS: ' push.example.org, *.push.example.net ' })
    expect(hosts).toEqual(['push.example.org', '*.push.example.net'])
    expect(isPushService('push.example.org', hosts)).toBe(true)
    expect(isPushService('eu.push.example.net', hosts)).toBe(true)
    expect(isPushService('push.example.net', hosts)).toBe(false)
    expect(isPushService('evilpush.example.net', hosts)).toBe(false)
    expect(pushServiceHosts({ PUSH_SERVICE_HOSTS: '' })).toContain('fcm.googleapis.com')
  })

  it('leaves host and port to the tests’ local push service when private addresses are allowed', async () => {
    expect(await endpointProblem('http://127.0.0.1:8799/push/a', true)).toBeNull()
  })
})
