import { createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifyDb } from '../../server/db/queries/notify-tables.ts'
import { createMailer } from '../../server/lib/mail.ts'
import { vapidKeys } from '../../server/notify/keys.ts'
import { notifyRound } from '../../server/notify/start.ts'
import type { Mail } from '../../server/lib/mail.ts'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

type Caught = { to: string[]; raw: string }

/** A local SMTP catcher: every message as the wire carried it. */
async function startCatcher() {
  const caught: Caught[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const parts: Buffer[] = []
      stream.on('data', (part: Buffer) => parts.push(part))
      stream.on('end', () => {
        // Headers unfolded (one line each), the quoted-printable body decoded.
        const text = Buffer.concat(parts).toString('utf8')
        const split = text.search(/\r?\n\r?\n/)
        const head = text.slice(0, split).replace(/\r?\n[ \t]+/g, ' ')
        const body = Buffer.from(
          text
            .slice(split)
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
        caught.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: head + body })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return { url: `smtp://127.0.0.1:${port}`, caught, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

const linkIn = (text: string, kind: 'confirm' | 'unsubscribe'): string => {
  const match = new RegExp(`https?://[^\\s>]+/api/notify/email/${kind}\\?id=[\\w-]+&token=[\\w-]+`).exec(text)
  if (!match) throw new Error(`no ${kind} link in ${text}`)
  return match[0]
}
const pathOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, '')

describe.each(await backends())('email alerts on $name', (backend) => {
  let api: Harness
  let admin: string
  let catcher: Awaited<ReturnType<typeof startCatcher>>
  // One mailer for the file, as the API keeps one: its pooled connections end in afterAll.
  let mailer: ReturnType<typeof createMailer>
  const BURST = 300_000

  const round = (email = true) =>
    notifyRound(api.store.db, () => api.clock.now, {
      owner: 'test',
      vapid: vapidKeys(api.config.dataDir, api.config.siteUrl),
      siteUrl: api.config.siteUrl,
      allowPrivate: true,
      burstMs: 30_000,
      ...(email
        ? {
            email: {
              mailer,
              apiUrl: 'https://api.porchlight.example',
              secret: api.config.jwtSecret,
              burstMs: BURST,
            },
          }
        : {}),
    })
  const later = (ms: number) => (api.clock.now = new Date(api.clock.now.getTime() + ms))
  const subscribe = (email: string, fields: Record<string, unknown> = {}) =>
    api.send('POST', '/api/notify/email', { body: { email, place: 'wa/duvall', lang: 'en', ...fields } })
  /** The emails to an address once `count` have come (the request's work runs after its answer), at most 2 s. */
  const mailsTo = async (to: string, count = 1) => {
    for (let tries = 0; tries < 200 && api.mails.filter((mail) => mail.to === to).length < count; tries++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    return api.mails.filter((mail) => mail.to === to)
  }
  const create = async (title: string, priority = 'Warning') => {
    const { status } = await api.send('POST', '/items', { token: admin, body: duvallItem({ title, priority }) })
    expect(status).toBe(201)
  }

  beforeAll(async () => {
    catcher = await startCatcher()
    mailer = createMailer(catcher.url, 'Porchlight <alerts@porchlight.example>')
    api = await startHarness(backend, {
      SMTP_URL: catcher.url,
      SITE_URL: 'https://porchlight.example',
      PUBLIC_API_URL: 'https://api.porchlight.example',
    })
    admin = (await api.signIn('superadmin')).token
  })
  afterAll(async () => {
    mailer.close?.()
    await api.close()
    await catcher.close()
  })

  it('sends nothing until the link in the first email is used, then alerts with unsubscribe headers', async () => {
    const first = await subscribe('Reader@Example.org')
    expect(first).toMatchObject({ status: 202, body: { ok: true } })
    const [confirm] = (await mailsTo('reader@example.org')) as [Mail]
    expect(confirm.subject).toBe('Confirm alerts for Duvall, WA')
    await create('Before confirming')
    await round()
    later(BURST + 1000)
    await round()
    expect(catcher.caught).toEqual([])

    // The link's page changes nothing (mail scanners follow links); its button does.
    const link = pathOf(linkIn(confirm.text, 'confirm'))
    const page = await api.app.request(link)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<form method="post"')
    // The form posts to its own path, whatever Host the request named (issue 36).
    const forged = await (await api.app.request(`http://evil.example${link}`, { headers: { host: 'evil.example' } })).text()
    expect(forged).not.toContain('evil.example')
    expect(forged).toMatch(/action="\/api\/notify\/email\/confirm\?id=/)
    expect((await api.app.request(link, { method: 'POST' })).status).toBe(200)

    // Critical skips the burst (issue 39): sent in the first round, what else waits with it.
    await create('Boil water notice', 'Critical')
    await create('Library closed', 'Info')
    await round()
    expect(catcher.caught).toHaveLength(1)
    const mail = catcher.caught[0]!
    expect(mail.to).toEqual(['reader@example.org'])
    expect(mail.raw).toMatch(/^Subject: Duvall, WA: Boil water notice/m)
    expect(mail.raw).toMatch(
      /^List-Unsubscribe: <https:\/\/api\.porchlight\.example\/api\/notify\/email\/unsubscribe\?id=[\w-]+&token=[\w-]+>/m,
    )
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
    expect(mail.raw).toContain('https://porchlight.example/wa/duvall/statuses#item-')
    expect(mail.raw).not.toContain('Library closed')
    expect(mail.raw).not.toContain('Before confirming')

    // One-click unsubscribe (RFC 8058): a POST to the header's address; nothing more is sent.
    const unsubscribe = pathOf(linkIn(mail.raw, 'unsubscribe'))
    expect((await api.app.request(unsubscribe, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200)
    await create('After unsubscribing', 'Critical')
    later(BURST + 1000)
    await round()
    later(BURST + 1000)
    await round()
    expect(catcher.caught).toHaveLength(1)
    expect((await api.app.request(unsubscribe, { method: 'POST' })).status).toBe(404)
  })

  it('sends an HTML part beside the same text, in the subscriber’s language, with the whole alert and the way out', async () => {
    later(3_600_000)
    await subscribe('lector@example.org', { lang: 'es' })
    const confirm = pathOf(linkIn((await mailsTo('lector@example.org'))[0]!.text, 'confirm'))
    const page = await (await api.app.request(confirm)).text()
    // The confirm page: the site's look in both themes and a way back to the place's page.
    expect(page).toMatch(/<html lang="es">/)
    expect(page).toContain('prefers-color-scheme:dark')
    expect(page).toContain('<a href="https://porchlight.example/es/wa/duvall/statuses">Duvall, WA en Porchlight</a>')
    expect((await api.app.request(confirm, { method: 'POST' })).status).toBe(200)
    const { status } = await api.send('POST', '/items', {
      token: (await api.signIn('superadmin')).token,
      body: duvallItem({
        title: 'Boil <water> notice',
        priority: 'Critical',
        state: 'active',
        lines: ['Boil water before drinking', 'Bacteria found in the main', 'North Duvall'],
      }),
    })
    expect(status).toBe(201)
    await round()
    const mail = catcher.caught.find((one) => one.to.includes('lector@example.org'))!
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/m)
    const [, text = '', html = ''] =
      /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--[^]*?Content-Type: text\/html[^]*?\r?\n\r?\n([^]*?)\r?\n--/.exec(
        mail.raw,
      ) ?? []
    // The text part: priority, title, state (in the subscriber’s words, as the HTML part) and lines, the link, the footer and unsubscribe link.
    expect(text).toMatch(
      /^Crítico: Boil <water> notice\r?\nActivo · Boil water before drinking\r?\nBacteria found in the main\r?\nNorth Duvall\r?\nhttps:\/\/porchlight\.example\/es\/wa\/duvall\/statuses#item-\d+/,
    )
    // The HTML part: the dictionary's words, the escaped title as the link, every line in order, the way out.
    expect(html).toMatch(/^<!doctype html><html lang="es">/)
    expect(html).toContain('>Crítico</span>')
    expect(html).toContain('>Activo</span>')
    expect(html).toContain('Boil &lt;water&gt; notice</a></h2>')
    expect(html.indexOf('Boil water before drinking')).toBeLessThan(html.indexOf('Bacteria found in the main'))
    expect(html.indexOf('Bacteria found in the main')).toBeLessThan(html.indexOf('North Duvall'))
    expect(html).toMatch(/href="https:\/\/porchlight\.example\/es\/wa\/duvall\/statuses#item-\d+"/)
    expect(html).toMatch(
      /href="https:\/\/api\.porchlight\.example\/api\/notify\/email\/unsubscribe\?id=[\w-]+&amp;token=[\w-]+"[^>]*>Dejar de recibir avisos<\/a>/,
    )
    expect(html).toContain('prefers-color-scheme:dark')
    expect(html).not.toMatch(/<script|<table|<img/)
  })

  it('answers the same for every address and limits confirmation emails per address', async () => {
    const answers = []
    for (let count = 0; count < 5; count++) answers.push(await subscribe('busy@example.org'))
    answers.push(await subscribe('other@example.org', { mode: 'daily' }))
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 202, body: { ok: true, message: answers[0]!.body.message } })
    await mailsTo('busy@example.org', 3)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.mails.filter((mail) => mail.to === 'busy@example.org')).toHaveLength(3)
  })

  it('sends a new confirm link each time, checked against its hash, for a day; the two links open only their own page', async () => {
    later(3_600_000)
    await subscribe('twice@example.org')
    await mailsTo('twice@example.org')
    await subscribe('twice@example.org')
    const [first, second] = (await mailsTo('twice@example.org', 2)).map((mail) => pathOf(linkIn(mail.text, 'confirm')))
    expect(second).not.toBe(first)
    const id = new URL(second!, 'http://x').searchParams.get('id')!
    const token = new URL(second!, 'http://x').searchParams.get('token')!
    // The old link, the link of the one secret links had before, and the confirm secret as an unsubscribe link.
    const earlier = createHmac('sha256', api.config.jwtSecret).update(`notify-email:${id}`).digest('base64url').slice(0, 32)
    for (const link of [
      first!,
      `/api/notify/email/confirm?id=${id}&token=${earlier}`,
      `/api/notify/email/unsubscribe?id=${id}&token=${token}`,
    ])
      expect((await api.app.request(link, { method: 'POST' })).status, link).toBe(404)
    // A day later the latest link has expired too; asking again gives one that works.
    later(86_400_000 + 1000)
    expect((await api.app.request(second!, { method: 'POST' })).status).toBe(404)
    await subscribe('twice@example.org')
    const third = pathOf(linkIn((await mailsTo('twice@example.org', 3))[2]!.text, 'confirm'))
    expect((await api.app.request(third)).status).toBe(200)
    expect((await api.app.request(third, { method: 'POST' })).status).toBe(200)

    // The unsubscribe link of an alert is its own secret, not the confirm link's; it works for the subscription's life.
    admin = (await api.signIn('superadmin')).token
    await create('Water main break', 'Critical')
    await round()
    later(BURST + 1000)
    await round()
    const alert = catcher.caught.find((mail) => mail.to.includes('twice@example.org'))!
    const unsubscribe = pathOf(linkIn(alert.raw, 'unsubscribe'))
    const secret = new URL(unsubscribe, 'http://x').searchParams.get('token')!
    expect((await api.app.request(`/api/notify/email/confirm?id=${id}&token=${secret}`, { method: 'POST' })).status).toBe(404)
    later(30 * 86_400_000)
    expect((await api.app.request(unsubscribe)).status).toBe(200)
  })

  it('keeps the unsubscribe links in alert emails sent before (the one secret links had then)', async () => {
    later(3_600_000)
    await subscribe('before@example.org')
    const confirm = pathOf(linkIn((await mailsTo('before@example.org'))[0]!.text, 'confirm'))
    expect((await api.app.request(confirm, { method: 'POST' })).status).toBe(200)
    const id = new URL(confirm, 'http://x').searchParams.get('id')!
    const earlier = createHmac('sha256', api.config.jwtSecret).update(`notify-email:${id}`).digest('base64url').slice(0, 32)
    const answer = await api.app.request(`/api/notify/email/unsubscribe?id=${id}&token=${earlier}`, { method: 'POST' })
    expect(answer.status).toBe(200)
    expect((await api.app.request(confirm)).status).toBe(404)
  })

  it('answers before any work for the address, the same whether it is new or confirmed', async () => {
    // Nothing about the address can be learned from the answer or its time: the work for it (lookup, write, mail)
    // runs after the answer is sent. Read in the same turn as the answer, nothing has been looked up or written yet.
    later(3_600_000)
    await subscribe('known@example.org')
    const confirm = pathOf(linkIn((await mailsTo('known@example.org'))[0]!.text, 'confirm'))
    expect((await api.app.request(confirm, { method: 'POST' })).status).toBe(200)
    const rows = async () => (await notifyDb(api.store.db).selectFrom('email_subscriptions').select('id').execute()).length
    const before = await rows()
    const mailsBefore = api.mails.length
    later(3_600_000)
    const answers = []
    for (const email of ['known@example.org', 'fresh@example.org']) {
      const answer = await api.app.request('/api/notify/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, place: 'wa/duvall', lang: 'en' }),
      })
      // In the same turn: no mail went out and no row was written for it.
      expect(api.mails.length).toBe(mailsBefore)
      answers.push({
        status: answer.status,
        body: await answer.text(),
        headers: [...answer.headers].filter(([name]) => name !== 'date'),
      })
    }
    expect(answers[0]).toEqual(answers[1])
    expect(answers[0]!.status).toBe(202)
    expect(await rows()).toBe(before)
    // Then the work runs: the new address gets its link, the confirmed one nothing new.
    expect(await mailsTo('fresh@example.org')).toHaveLength(1)
    expect(await rows()).toBe(before + 1)
  })

  it('refuses bad input, forged links, and answers 404 in production where SMTP is not set up', async () => {
    expect((await subscribe('not-an-address')).status).toBe(400)
    expect((await subscribe('x@example.org', { place: 'wa/nowhere-at-all' })).status).toBe(400)
    expect((await subscribe('x@example.org', { mode: 'hourly' })).status).toBe(400)
    expect(
      (
        await api.app.request('/api/notify/email/confirm?id=AAAAAAAAAAAAAAAAAAAAAA&token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', {
          method: 'POST',
        })
      ).status,
    ).toBe(404)
    const body = { email: 'x@example.org', place: 'wa/duvall', lang: 'en' }
    for (const env of [{ NODE_ENV: 'production' }, { SITE_URL: 'https://porchlight.example' }]) {
      const deployed = await startHarness(backend, env)
      try {
        expect((await deployed.send('POST', '/api/notify/email', { body })).status, JSON.stringify(env)).toBe(404)
      } finally {
        await deployed.close()
      }
    }
    // Outside production without SMTP_URL (npm start) the flow works and the mails go to the log (issue 38).
    const local = await startHarness(backend)
    try {
      expect((await local.send('POST', '/api/notify/email', { body })).status).toBe(202)
      for (let tries = 0; tries < 200 && !local.mails.length; tries++) await new Promise((done) => setTimeout(done, 10))
      expect(local.mails.map((mail) => mail.subject)).toEqual(['Confirm alerts for Duvall, WA'])
    } finally {
      await local.close()
    }
  })
})
