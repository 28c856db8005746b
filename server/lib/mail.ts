// Sends mail by SMTP when SMTP_URL is set; otherwise prints it to the server log (local use).
import nodemailer from 'nodemailer'

/** `headers`: extra header lines, e.g. List-Unsubscribe on alert emails (server/notify/email.ts). */
export type Mail = { to: string; subject: string; text: string; headers?: Record<string, string> }
export type Mailer = { send(mail: Mail): Promise<void> }

export function createMailer(smtpUrl: string | null, from: string): Mailer {
  if (!smtpUrl) {
    return {
      send(mail) {
        console.log(`mail (SMTP_URL unset, so printed here) to ${mail.to}: ${mail.subject}\n${mail.text}`)
        return Promise.resolve()
      },
    }
  }
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
  }
}
