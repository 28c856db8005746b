// A CAP message in two languages (an en-US and an es-US info) told in each reader's language in every channel, as
// the statuses page shows it (issue 37): push, alert emails, Atom and JSON Feed; the item's own language for the rest.
// The CAP 1.2 specification's own multilingual example (tests/fixtures/real/SOURCES.md: headline, description, area,
// contact) and, for what to do, the synthetic King County evacuation (tests/fixtures/feeds/ipaws/recent.xml).
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureFeedRows } from '../../server/db/queries/feeds.ts'
import { runFeed } from '../../server/feeds/engine.ts'
import type { Mail } from '../../server/lib/mail.ts'
import { vapidKeys } from '../../server/notify/keys.ts'
import { notifyRound } from '../../server/notify/start.ts'
import { atomEntries, atomProblems } from '../unit/notify/atom-rules.ts'
import { backends } from './backends.ts'
import { square, startFeedServer, testFeed } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'
import { startPushFake } from './notify-push-fake.ts'

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8')
const XML = 'application/xml'
const BURST_MS = 30_000

// Read from the specification's example: each info's own headline, description, area and contact.
const AMBER = {
  en: {
    event: 'Child Abduction',
    headline: 'Amber Alert in Los Angeles County',
    // (The message’s double spaces are one: runs of spaces collapse in every feed text, server/feeds/adapters/feed-read.ts.)
    description: 'DATE/TIME: 06/11/03, 1915 HRS. VICTIM(S): KHAYRI DOE JR.',
    area: 'Los Angeles County',
  },
  es: {
    event: 'Abducción de Niño',
    headline: 'Alerta Amber en el condado de Los Ángeles',
    description: 'DATE/TIME: 06/11/03, 1915 HORAS. VÍCTIMAS: KHAYRI DOE JR.',
    area: 'condado de Los Ángeles',
  },
  contact: 'DET. SMITH, 77TH DIV, LOS ANGELES POLICE DEPT-LAPD AT 213 485-2389',
}
/** Twenty minutes after it was sent (05:39Z); without `expires`, it stays a day. */
const AMBER_NOW = new Date('2003-06-12T06:00:00.000Z')
/** The Los Angeles County zone (SAME 006037), as a square around the city. */
const LA_ZONE = JSON.stringify({ type: 'Feature', geometry: { type: 'Polygon', coordinates: square(34.05, -118.24, 0.2) } })

// Read from recent.xml: the evacuation's headline and instruction in each language.
const EVAC = {
  en: [
    'Evacuate now: Snoqualmie River levee breach near Duvall',
    'Leave now by Duvall-Monroe Road. Shelter at Cedarcrest High School, 29000 NE 150th St.',
  ],
  es: [
    'Evacúe ahora: rotura del dique del río Snoqualmie cerca de Duvall',
    'Salga ahora por Duvall-Monroe Road. Refugio en Cedarcrest High School, 29000 NE 150th St.',
  ],
}
/** Checks how a text begins (a push body goes on to 600 characters). */
const opens = (text: string, start: string) => expect(text.slice(0, start.length)).toBe(start)

const EVAC_NOW = new Date('2026-11-23T18:00:00.000Z')

describe.each(await backends())('an alert in its readers’ languages on $name', (backend) => {
  let api: Harness
  let feeds: Awaited<ReturnType<typeof startFeedServer>>
  let push: Awaited<ReturnType<typeof startPushFake>>
  const alertMails: Mail[] = []
  let names = 0

  const round = () =>
    notifyRound(api.store.db, () => api.clock.now, {
      owner: 'test',
      vapid: vapidKeys(api.config.dataDir, api.config.siteUrl),
      siteUrl: api.config.siteUrl,
      allowPrivate: true,
      burstMs: BURST_MS,
      email: {
        mailer: { send: (mail) => Promise.resolve(void alertMails.push(mail)) },
        apiUrl: 'https://api.porchlight.example',
        secret: api.config.jwtSecret,
        burstMs: BURST_MS,
      },
    })
  /** Dispatches what the run wrote, lets any burst end, sends. */
  const settle = async () => {
    await round()
    api.clock.now = new Date(api.clock.now.getTime() + BURST_MS + 1000)
    await round()
  }
  const subscribe = async (lang: string, place: string, minPriority: string) => {
    const name = `reader-${++names}`
    const body = {
      subscription: push.subscribe(name),
      lang,
      places: [{ place, sections: ['statuses'], minPriority, quiet: null }],
    }
    const { status } = await api.send('POST', '/api/notify/subscriptions', { body })
    expect(status).toBe(201)
    return () => push.received.filter((entry) => entry.name === name).map((entry) => entry.payload)
  }
  const subscribeEmail = async (email: string, lang: string, place: string) => {
    expect((await api.send('POST', '/api/notify/email', { body: { email, place, lang } })).status).toBe(202)
    for (let tries = 0; tries < 200 && !api.mails.some((mail) => mail.to === email); tries++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    const link = /https?:\/\/[^\s>]+(\/api\/notify\/email\/confirm\?id=[\w-]+&token=[\w-]+)/.exec(
      api.mails.find((mail) => mail.to === email)!.text,
    )![1]!
    expect((await api.app.request(link, { method: 'POST' })).status).toBe(200)
  }
  const runIpaws = async (id: string, body: string, now: Date) => {
    api.clock.now = now
    feeds.pages.set(`/${id}`, { body, type: XML })
    const feed = testFeed({
      id,
      adapter: 'ipaws',
      url: `${feeds.origin}/${id}`,
      accept: XML,
      options: { zoneBase: `${feeds.origin}/zones/county/` },
    })
    await ensureFeedRows(api.store.db, [feed.id], now)
    const options = { owner: 'test-owner', userAgent: 'Porchlight/1.0 (porchlight.test)', allowPrivate: true, now: () => now }
    return runFeed(api.store.db, feed, options)
  }
  const feedText = async (path: string) => {
    const xml = (await api.send('GET', path)).body as string
    expect(atomProblems(xml)).toEqual([])
    return atomEntries(xml).map((entry) => ({
      title: String((entry['title'] as { '#text': string })['#text']),
      content: String((entry['content'] as { '#text': string })['#text']),
    }))
  }

  beforeAll(async () => {
    push = await startPushFake()
    feeds = await startFeedServer()
    feeds.pages.set('/zones/county/CAC037', { body: LA_ZONE })
    api = await startHarness(backend, {
      DEMO_DATA: '0',
      ALLOW_PRIVATE_FETCH: '1',
      SITE_URL: 'https://porchlight.example',
      SMTP_URL: 'smtp://127.0.0.1:1',
    })
  })
  afterAll(async () => {
    await api.close()
    await feeds.close()
    await push.close()
  })

  it('tells the specification’s Amber Alert in Spanish to Spanish readers and in English to the others, every part', async () => {
    api.clock.now = AMBER_NOW
    const spanish = await subscribe('es', 'ca/los-angeles', 'Warning')
    const english = await subscribe('en', 'ca/los-angeles', 'Warning')
    const german = await subscribe('de', 'ca/los-angeles', 'Warning')
    await subscribeEmail('lector@example.org', 'es', 'ca/los-angeles')
    expect(
      await runIpaws('ipaws-oasis', fixture('real/cap/oasis-cap-1.2-amber-alert-multilingual.xml'), AMBER_NOW),
    ).toMatchObject({ state: 'stored', summary: { added: 1 }, skipped: 0 })
    await settle()

    // Push: the title in the reader's language, then the headline and the description's first line (no instruction).
    const [es] = spanish() as [{ title: string; body: string; lang: string }]
    expect(spanish()).toHaveLength(1)
    expect(es.title).toBe(`Los Angeles, CA: ${AMBER.es.event}: ${AMBER.es.area}`)
    opens(es.body, `Urgente · Activo · ${AMBER.es.headline}\n${AMBER.es.description}`)
    expect(es.lang).toBe('es')
    const [en] = english() as [{ title: string; body: string }]
    expect(en.title).toBe(`Los Angeles, CA: ${AMBER.en.event}: ${AMBER.en.area}`)
    opens(en.body, `Urgent · Active · ${AMBER.en.headline}\n${AMBER.en.description}`)
    // No German info: the item's own language, with the dictionary's words.
    opens((german()[0] as { body: string }).body, `Dringend · Aktiv · ${AMBER.en.headline}\n`)

    // The email: every Spanish part, nothing of the English text.
    const mail = alertMails.find((one) => one.to === 'lector@example.org')!
    expect(mail.subject).toContain(`${AMBER.es.event}: ${AMBER.es.area}`)
    for (const part of [AMBER.es.headline, AMBER.es.description, AMBER.es.area, AMBER.contact]) {
      expect(mail.text).toContain(part)
      expect(mail.html).toContain(part)
    }
    expect(mail.text).not.toContain(AMBER.en.headline)

    // The place feeds: Spanish in Spanish, English for a language the message does not carry.
    const [atomEs] = await feedText('/api/feeds/ca/los-angeles/statuses.atom?lang=es')
    expect(atomEs!.title).toBe(`Urgente: ${AMBER.es.event}: ${AMBER.es.area}`)
    for (const part of [AMBER.es.headline, AMBER.es.description, AMBER.es.area, AMBER.contact])
      expect(atomEs!.content).toContain(`<p>${part}`)
    expect(atomEs!.content).not.toContain(AMBER.en.headline)
    const [atomDe] = await feedText('/api/feeds/ca/los-angeles/statuses.atom?lang=de')
    expect(atomDe!.title).toBe(`Dringend: ${AMBER.en.event}: ${AMBER.en.area}`)
    expect(atomDe!.content).toContain(AMBER.en.headline)
    const json = (await api.send('GET', '/api/feeds/ca/los-angeles/statuses.json?lang=es')).body
    expect(json.items[0].title).toBe(`Urgente: ${AMBER.es.event}: ${AMBER.es.area}`)
    expect(json.items[0].content_text).toContain(`${AMBER.es.headline}\n\n${AMBER.es.description}`)
  })

  it('tells what to do in the reader’s language: the Spanish headline and instruction to a Spanish reader', async () => {
    api.clock.now = EVAC_NOW
    const spanish = await subscribe('es', 'wa/duvall', 'Critical')
    const english = await subscribe('en', 'wa/duvall', 'Critical')
    expect(await runIpaws('ipaws-king', fixture('feeds/ipaws/recent.xml'), EVAC_NOW)).toMatchObject({ state: 'stored' })
    await settle()
    expect(spanish()).toEqual([
      expect.objectContaining({
        title: 'Duvall, WA: Evacuación inmediata: Duvall y el valle bajo del Snoqualmie',
        body: `Crítico · Activo · ${EVAC.es.join('\n')}`,
      }),
    ])
    expect(english()).toEqual([
      expect.objectContaining({
        title: 'Duvall, WA: Evacuation Immediate: Duvall and the lower Snoqualmie Valley',
        body: `Critical · Active · ${EVAC.en.join('\n')}`,
      }),
    ])
    const entries = await feedText('/api/feeds/wa/duvall/statuses.atom?lang=es')
    const evacuation = entries.find((entry) => entry.title.startsWith('Crítico: Evacuación inmediata'))!
    expect(evacuation.content).toContain(`<p>${EVAC.es[0]}</p><p>${EVAC.es[1]}</p>`)
    expect(evacuation.content).not.toContain(EVAC.en[1])
  })
})
