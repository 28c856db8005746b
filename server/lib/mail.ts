// Sends mail by SMTP when SMTP_URL is set; otherwise prints it to the server log (local use).
import nodemailer from 'nodemailer'

/**
 * `text` is always there; `html`: an HTML part beside it (alert emails, server/notify/email-html.ts), sent as
 * multipart/alternative. `headers`: extra header lines, e.g. List-Unsubscribe on alert emails (server/notify/email.ts).
 */
export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }
/** `close` ends the kept SMTP connections (tests; the API's stop exits the process). */
export type Mailer = { send(mail: Mail): Promise<void>; close?(): void }

/**
 * SMTP_URL with connection pooling on unless the URL sets it: up to `maxConnections` (5) kept connections, each
 * reused for 100 messages, so the instant emails of a Warning do not pay a TCP and TLS handshake each.
 * @example pooledUrl('smtp://mail.test:25') // 'smtp://mail.test:25?pool=true&maxConnections=5&maxMessages=100'
 */
export function pooledUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl)
  for (const [key, value] of [
    ['pool', 'true'],
    ['maxConnections', '5'],
    ['maxMessages', '100'],
  ] as const)
    if (!url.searchParams.has(key)) url.searchParams.set(key, value)
  return url.toString().replace(/\/\?/, '?')
}

export function createMailer(smtpUrl: string | null, from: string): Mailer {
  if (!smtpUrl) {
    return {
      send(mail) {
        console.log(`mail (SMTP_URL unset, so printed here) to ${mail.to}: ${mail.subject}\n${mail.text}`)
        return Promise.resolve()
      },
    }
  }
  const transport = nodemailer.createTransport(pooledUrl(smtpUrl))
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
    close: () => transport.close(),
  }
}
