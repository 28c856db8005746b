// Instant alert emails go out over kept SMTP connections (server/lib/mail.ts), not one handshake each.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, it } from 'vitest'
import { createMailer, pooledUrl } from '../../server/lib/mail.ts'

describe('the SMTP mailer', () => {
  let connections = 0
  let delivered = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onConnect(_session, callback) {
      connections++
      callback()
    },
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => {
        delivered++
        callback()
      })
    },
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('sends 40 mails over at most 5 kept connections', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.server.address() as AddressInfo).port
    const mailer = createMailer(`smtp://127.0.0.1:${port}`, 'Porchlight <alerts@porchlight.example>')
    try {
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          mailer.send({ to: `reader${index}@example.org`, subject: 'Flood warning', text: 'Move to higher ground.' }),
        ),
      )
    } finally {
      mailer.close?.()
    }
    expect(delivered).toBe(40)
    expect(connections).toBeGreaterThanOrEqual(1)
    expect(connections).toBeLessThanOrEqual(5)
  })

  it('keeps what the operator’s URL says about pooling', () => {
    expect(pooledUrl('smtp://mail.test:25')).toBe('smtp://mail.test:25?pool=true&maxConnections=5&maxMessages=100')
    expect(pooledUrl('smtps://u:p@mail.test/?pool=false')).toBe(
      'smtps://u:p@mail.test?pool=false&maxConnections=5&maxMessages=100',
    )
  })
})
