// Email alerts (issue 24), when the operator sets SMTP_URL: per address and place, double opt-in (nothing is sent
// until the link in the first email is used), instant or a daily digest, an unsubscribe link and the
// List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058) in every alert. The subscribe call answers before any
// work for the address (server/routes/notify.ts runs requestEmail after it), so nobody learns whether an address is
// subscribed, not even from the time the answer takes. Confirm links are new for every email, checked against their
// hash and work a day; unsubscribe links have a secret of their own that lasts as long as the subscription.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { useTranslations } from '../../src/i18n/index.ts'
import { priorityRank } from '../../src/lib/items.ts'
import { severityOf } from '../../src/lib/live/severity.ts'
import { priorityLabel, stateLabel } from '../../src/lib/live/state-word.ts'
import type { NotifySection } from '../../src/lib/notify/prefs.ts'
import { EMAIL_TEXT_KEYS } from '../../src/lib/notify/texts.ts'
import { cityPath, isLocale, localePrefix, type Locale } from '../../src/lib/routing/routes.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/index.ts'
import { hit } from '../db/queries/rate-limits.ts'
import type { City } from '../../src/lib/cities.ts'
import type { Mailer } from '../lib/mail.ts'
import {
  claimDueEmails,
  deleteEmailSubscription,
  emailLinkRow,
  emailSubscriptionOf,
  finishEmail,
  insertEmailSubscription,
  markEmailConfirmed,
  releaseEmail,
  updateEmailSettings,
  waitingEmail,
} from '../db/queries/notify-email.ts'
import { alertHtml, apiPage, escapeHtml, type AlertEntry } from './email-html.ts'
import { rowText } from './item-text.ts'
import { itemLink } from './place-feed.ts'
import { placeName } from './message.ts'

export type EmailMode = 'instant' | 'daily'
export type EmailRequest = {
  email: string
  place: City & { route: string }
  mode: EmailMode
  lang: Locale
  sections: NotifySection[]
  minPriority: string
}

/** Confirmation emails per address: 3 a day, then the request is dropped without a word (the answer is the same). */
const CONFIRMS_PER_DAY = 3
/** Alert emails per address: 24 a day; past that, what waits goes in the next window's email. */
const ALERTS_PER_DAY = 24
const CHUNK = 200

const hash = (text: string): string => createHash('sha256').update(text).digest('base64url')
const localeOf = (lang: string): Locale => (isLocale(lang) ? lang : 'en')

/** Where the API is reached from a mail client: PUBLIC_API_URL (as the site's build), else this server on its port. */
export const apiUrl = (config: Config, env: Record<string, string | undefined> = process.env): string =>
  (env['PUBLIC_API_URL'] || `http://localhost:${config.port}`).replace(/\/$/, '')

/** How long a confirm link works. Asking again sends a new link and the one before stops working. */
export const CONFIRM_LINK_MS = 86_400_000
/** Rows from before confirm links expired (migration 020): their link lasts until the unconfirmed row is pruned. */
const UNCONFIRMED_MS = 7 * 86_400_000

export type LinkKind = 'confirm' | 'unsubscribe'

const hmac = (secret: Uint8Array, text: string): string =>
  createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32)

/**
 * The secret of a subscription's unsubscribe links: an HMAC of its id and purpose under the JWT secret, so every
 * instance can check it and it works for the subscription's life, never to confirm.
 */
export const unsubscribeToken = (secret: Uint8Array, id: string): string => hmac(secret, `notify-email-unsubscribe:${id}`)

/** The one secret of both links before issue 36: the unsubscribe links in alert emails already sent carry it. */
const earlierToken = (secret: Uint8Array, id: string): string => hmac(secret, `notify-email:${id}`)

export const linkOf = (base: string, kind: LinkKind, id: string, token: string): string =>
  `${base}/api/notify/email/${kind}?id=${id}&token=${token}`

const same = (given: string, kept: string): boolean => {
  const [a, b] = [Buffer.from(given), Buffer.from(kept)]
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Takes a subscribe request, after the answer. A new address and place gets a row and a confirmation email; an
 * unconfirmed one gets a new link (the one before stops working); a confirmed one is left as it is.
 */
export async function requestEmail(db: Db, mailer: Mailer, config: Config, request: EmailRequest, now: Date): Promise<void> {
  const email = request.email.trim().toLowerCase()
  if ((await hit(db, `notify-email-confirm:${hash(email)}`, 86_400, now)) > CONFIRMS_PER_DAY) return
  const existing = await emailSubscriptionOf(db, email, request.place.route)
  if (existing?.confirmed_at) return
  const id = existing?.id ?? randomBytes(16).toString('base64url')
  // A new secret for every confirmation email; only its hash is kept.
  const token = randomBytes(24).toString('base64url')
  const stamp = now.toISOString()
  const values = {
    sections: request.sections.join(','),
    min_rank: priorityRank(request.minPriority),
    mode: request.mode,
    lang: request.lang,
    token_hash: hash(token),
    token_expires_at: new Date(now.getTime() + CONFIRM_LINK_MS).toISOString(),
  }
  if (existing) await updateEmailSettings(db, id, values)
  else
    await insertEmailSubscription(db, {
      id,
      email,
      place: request.place.route,
      lat: request.place.lat,
      lon: request.place.lon,
      timezone: request.place.timezone,
      created_at: stamp,
      ...values,
    })
  const t = useTranslations(request.lang)
  const place = `${request.place.name}, ${request.place.state}`
  const confirm = linkOf(apiUrl(config), 'confirm', id, token)
  void mailer
    .send({
      to: email,
      subject: t(EMAIL_TEXT_KEYS.confirmSubject, { place }),
      text: `${t(EMAIL_TEXT_KEYS.confirmBody, { place })}\n\n${confirm}\n`,
    })
    .catch((error: unknown) =>
      console.error('notify: a confirmation email failed:', error instanceof Error ? error.message : 'unknown'),
    )
}

type Opened = { id: string; place: string; lang: Locale; confirmed: boolean }

/**
 * The subscription a link opens, or null. A confirm link: the secret of the latest confirmation email, checked
 * against its hash, until it expires. An unsubscribe link: the subscription's unsubscribe secret, or the one secret
 * links had before (in alert emails already sent). Neither opens the other.
 */
export async function openLink(
  db: Db,
  secret: Uint8Array,
  kind: LinkKind,
  id: string,
  token: string,
  now: Date,
): Promise<Opened | null> {
  if (!/^[\w-]{22}$/.test(id) || !/^[\w-]{32}$/.test(token)) return null
  const row = await emailLinkRow(db, id)
  if (!row) return null
  if (kind === 'confirm') {
    const until = row.token_expires_at ?? new Date(Date.parse(row.created_at) + UNCONFIRMED_MS).toISOString()
    if (!same(hash(token), row.token_hash) || until <= now.toISOString()) return null
  } else if (!same(token, unsubscribeToken(secret, row.id)) && !same(token, earlierToken(secret, row.id))) return null
  return { id: row.id, place: row.place, lang: localeOf(row.lang), confirmed: row.confirmed_at !== null }
}

export async function confirmEmail(db: Db, id: string, now: Date): Promise<void> {
  await markEmailConfirmed(db, id, now.toISOString())
}

export async function unsubscribeEmail(db: Db, id: string): Promise<void> {
  await deleteEmailSubscription(db, id)
}

/**
 * The page a confirm or unsubscribe link shows: the site's look (email-html.ts), no script, a form that POSTs (so
 * link scanners change nothing), and the way back to the place's page (or the site, for a link that is not valid).
 */
export function linkPage(
  lang: Locale,
  heading: string,
  button: string | null,
  action: string | null,
  back: { siteUrl: string; place: string | null },
): string {
  const form =
    button && action
      ? `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(button)}</button></form>`
      : ''
  const site = back.siteUrl.replace(/\/$/, '')
  const t = useTranslations(lang)
  const link = back.place
    ? { text: t('embed.more', { place: placeName(back.place) }), href: `${site}${cityPath(lang, back.place, 'statuses')}` }
    : { text: t('site.name'), href: `${site}${localePrefix(lang)}/` }
  return apiPage({ lang, heading, body: form, siteUrl: site, back: link })
}

export const emailTexts = (lang: Locale, place: string) => {
  const t = useTranslations(lang)
  const name = placeName(place)
  return {
    confirmPage: t(EMAIL_TEXT_KEYS.confirmPage, { place: name }),
    confirmButton: t(EMAIL_TEXT_KEYS.confirmButton),
    confirmed: t(EMAIL_TEXT_KEYS.confirmed, { place: name }),
    unsubscribePage: t(EMAIL_TEXT_KEYS.unsubscribePage, { place: name }),
    unsubscribeButton: t(EMAIL_TEXT_KEYS.unsubscribeButton),
    unsubscribed: t(EMAIL_TEXT_KEYS.unsubscribed, { place: name }),
    invalid: t(EMAIL_TEXT_KEYS.invalidLink),
  }
}

export type EmailSendOptions = { owner: string; burstMs: number; siteUrl: string; apiUrl: string; secret: Uint8Array }

/**
 * Sends what waits: instant subscriptions once their burst has ended, daily ones when their last email is a day old.
 * Each subscription is claimed (a lease on its row) so instances never send one twice; a failure waits for the lease.
 */
export async function sendEmails(db: Db, mailer: Mailer, now: Date, options: EmailSendOptions): Promise<number> {
  const stamp = now.toISOString()
  const burstEnd = new Date(now.getTime() - options.burstMs).toISOString()
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString()
  const claimed = await claimDueEmails(db, options.owner, now, burstEnd, dayAgo, CHUNK)
  if (!claimed.length) return 0
  let sent = 0
  for (const sub of claimed) {
    const waiting = await waitingEmail(db, sub.id)
    const live = waiting.filter((row) => row.is_active === 1 && row.layer === 0)
    if (live.length && (await hit(db, `notify-email-send:${hash(sub.email)}`, 86_400, now)) > ALERTS_PER_DAY) {
      await releaseEmail(db, sub.id)
      continue
    }
    try {
      if (live.length) {
        await mailer.send(alertMail(sub, live, options))
        sent++
      }
      await finishEmail(db, sub.id, stamp, live.length > 0)
    } catch (error) {
      // The lease stays: the next try comes when it runs out (a minute).
      console.error('notify: an alert email failed:', error instanceof Error ? error.message : 'unknown error')
    }
  }
  return sent
}

type Waiting = {
  item_id: number
  title: string
  state: string | null
  lines: string
  special_data: string | null
  priority: string
  data_aspect: string
}

function alertMail(
  sub: { id: string; email: string; place: string; mode: string; lang: string },
  rows: Waiting[],
  options: EmailSendOptions,
) {
  const lang = localeOf(sub.lang)
  const t = useTranslations(lang)
  const place = placeName(sub.place)
  const sorted = [...rows].sort((a, b) => priorityRank(a.priority) - priorityRank(b.priority) || a.item_id - b.item_id)
  const entries = sorted.map((row) => {
    // Every line: an alert's headline, what to do, its description, areas and contact (nothing is cut in a mail),
    // in the subscriber's language when the alert carries it.
    const { title, lines } = rowText(row, lang)
    const texts = lines.filter((line) => line.trim() !== '')
    const section = row.data_aspect === 'roads' ? 'roads' : 'statuses'
    // The priority and state words as the page says them ("Crítico", "Activo"), in both parts of the mail.
    const words = { priority: priorityLabel(row.priority, t), state: row.state ? stateLabel(row.state, t) : null }
    return { row, title, texts, ...words, link: itemLink(options.siteUrl, lang, sub.place, section, row.item_id) }
  })
  const lines = entries.map(({ title, texts, priority, state, link }) => {
    const detail = [[state, texts[0]].filter(Boolean).join(' · '), ...texts.slice(1)].filter(Boolean).join('\n')
    return `${priority}: ${title}${detail ? `\n${detail}` : ''}\n${link}`
  })
  const unsubscribe = linkOf(options.apiUrl, 'unsubscribe', sub.id, unsubscribeToken(options.secret, sub.id))
  const subject =
    sorted.length === 1 || sub.mode === 'instant'
      ? t(EMAIL_TEXT_KEYS.alertSubject, { place, title: entries[0]!.title })
      : t(EMAIL_TEXT_KEYS.digestSubject, { place, count: sorted.length })
  const footer = t(EMAIL_TEXT_KEYS.footer, { place })
  const html = alertHtml({
    lang,
    entries: entries.map(({ row, title, texts, priority, state, link }): AlertEntry => {
      const key = row.priority.trim().toLowerCase()
      return {
        priority,
        priorityKey: severityOf(row, row.data_aspect === 'roads' ? 'roads' : 'statuses') === 'critical' ? 'critical' : key,
        title,
        state,
        lines: texts.flatMap((text) => text.split(/\r?\n/)).filter((text) => text.trim()),
        link,
      }
    }),
    placeLink: { text: t('embed.more', { place }), href: `${options.siteUrl}${cityPath(lang, sub.place, 'statuses')}` },
    footer,
    unsubscribe: { text: t(EMAIL_TEXT_KEYS.unsubscribeButton), href: unsubscribe },
  })
  return {
    to: sub.email,
    subject: subject.slice(0, 200),
    text: `${lines.join('\n\n')}\n\n-- \n${footer}\n${unsubscribe}\n`,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}
