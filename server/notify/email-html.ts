// The site's look for what the API itself shows or sends (issue 38): the confirm and unsubscribe pages and the HTML
// part of alert emails. The site's default palette (src/styles/global.css, blue-purple), light or dark by the
// reader's system (prefers-color-scheme), a link back to SITE_URL; no script, no image, no outside resource.

/** Escapes text for HTML text and attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The palette's two sides, as global.css has them. */
const LIGHT = { surface: '#ffffff', card: '#f3f2fa', text: '#17152a', muted: '#45405f', border: '#d9d6ea', link: '#4c3fb1' }
const DARK = { surface: '#14121f', card: '#1f1c2e', text: '#f3f1fb', muted: '#cbc7df', border: '#34304c', link: '#b4a9ff' }

/** Priority colours (docs/design.md), the same in both themes. */
export const PRIORITY_COLOURS: Record<string, string> = {
  critical: '#b71c1c',
  urgent: '#e2502c',
  high: '#e2502c',
  warning: '#e2a02c',
  medium: '#e2a02c',
  info: '#0b84c6',
  low: '#0b84c6',
}

const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans CJK JP',sans-serif"

/** The stylesheet of the API's pages: both themes, 44 px button, the site's type scale. */
const PAGE_STYLE = `:root{color-scheme:light dark}
body{margin:0;background:${LIGHT.surface};color:${LIGHT.text};font:16px/1.5 ${FONT}}
header{height:6px;background:${LIGHT.link}}
main{max-width:36rem;margin:0 auto;padding:2rem 1rem}
.brand{margin:0 0 1.5rem;font-weight:700;font-size:1.2rem}
a{color:${LIGHT.link}}
.brand a{color:inherit;text-decoration:none}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem}
button{min-height:44px;padding:.4rem 1.2rem;border:1px solid ${LIGHT.link};border-radius:8px;background:${LIGHT.link};color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible{outline:2px solid ${LIGHT.link};outline-offset:2px}
.back{margin-top:2rem;padding-top:1rem;border-top:1px solid ${LIGHT.border};color:${LIGHT.muted};font-size:.9rem}
.back a{display:inline-block;min-height:24px;line-height:24px}
@media (prefers-color-scheme:dark){body{background:${DARK.surface};color:${DARK.text}}header{background:${DARK.link}}a{color:${DARK.link}}
button{background:${DARK.link};border-color:${DARK.link};color:${DARK.surface}}button:focus-visible,a:focus-visible{outline-color:${DARK.link}}
.back{border-color:${DARK.border};color:${DARK.muted}}}`

/**
 * A whole page of the API in the site's look: brand, heading, an optional form, the link back to the site.
 * @example apiPage({ lang: 'en', heading: 'Confirm alerts', body: '<form …>', siteUrl: 'https://p.example', back: { text: 'Duvall, WA on Porchlight', href: 'https://p.example/wa/duvall' } })
 */
export function apiPage(page: {
  lang: string
  heading: string
  body: string
  siteUrl: string
  back: { text: string; href: string }
}): string {
  const site = escapeHtml(page.siteUrl.replace(/\/$/, ''))
  return `<!doctype html><html lang="${escapeHtml(page.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${escapeHtml(page.heading)} · Porchlight</title><style>${PAGE_STYLE}</style></head><body><header></header><main><p class="brand"><a href="${site}/">Porchlight</a></p><h1>${escapeHtml(page.heading)}</h1>${page.body}<p class="back"><a href="${escapeHtml(page.back.href)}">${escapeHtml(page.back.text)}</a></p></main></body></html>`
}

export type AlertEntry = {
  /** The priority's word in the reader's language ('Crítico'), and its colour key ('critical'). */
  priority: string
  priorityKey: string
  title: string
  /** The state word in the reader's language, or null. */
  state: string | null
  /** Headline, what to do, description, areas, contact: as the item has them, in that order. */
  lines: string[]
  link: string
}

/** The dark side of the email for clients that follow the system's theme (Apple Mail, Outlook apps); the rest read light. */
const MAIL_STYLE = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme:dark){.pl-body{background:${DARK.surface}!important;color:${DARK.text}!important}
.pl-card{background:${DARK.card}!important}.pl-muted{color:${DARK.muted}!important}.pl-link{color:${DARK.link}!important}
.pl-rule{border-color:${DARK.border}!important}}`

/**
 * The HTML part of an alert email: each alert as a card with its priority's bar and word, its state, the title as
 * the link to its page, then every line as a paragraph (headline, what to do, description, areas); the link to the
 * place and the unsubscribe link at the foot. Inline styles and no table: every client shows it, light or dark.
 */
export function alertHtml(mail: {
  lang: string
  entries: AlertEntry[]
  placeLink: { text: string; href: string }
  footer: string
  unsubscribe: { text: string; href: string }
}): string {
  const cards = mail.entries.map((entry) => {
    const colour = PRIORITY_COLOURS[entry.priorityKey] ?? LIGHT.border
    const tag =
      entry.priorityKey === 'critical'
        ? `background:${colour};color:#fff;border:1px solid ${colour}`
        : `border:1px solid ${colour};color:inherit`
    const state = entry.state
      ? ` <span class="pl-muted" style="color:${LIGHT.muted};font-size:13px">${escapeHtml(entry.state)}</span>`
      : ''
    const lines = entry.lines
      .map((line) => `<p style="margin:0 0 8px;font-size:15px;line-height:1.5">${escapeHtml(line)}</p>`)
      .join('')
    return `<div class="pl-card" style="margin:0 0 16px;padding:12px 14px;border-left:4px solid ${colour};border-radius:4px;background:${LIGHT.card}"><p style="margin:0 0 6px"><span style="display:inline-block;padding:0 6px;border-radius:4px;font-size:13px;font-weight:700;${tag}">${escapeHtml(entry.priority)}</span>${state}</p><h2 style="margin:0 0 8px;font-size:18px;line-height:1.35"><a href="${escapeHtml(entry.link)}" style="color:inherit;text-decoration:none">${escapeHtml(entry.title)}</a></h2>${lines}<p style="margin:0;font-size:14px"><a class="pl-link" href="${escapeHtml(entry.link)}" style="color:${LIGHT.link}">${escapeHtml(mail.placeLink.text)}</a></p></div>`
  })
  return `<!doctype html><html lang="${escapeHtml(mail.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><style>${MAIL_STYLE}</style></head><body class="pl-body" style="margin:0;padding:0;background:${LIGHT.surface};color:${LIGHT.text};font-family:${FONT}"><div style="max-width:600px;margin:0 auto;padding:20px 16px"><p style="margin:0 0 16px;font-size:18px;font-weight:700"><a href="${escapeHtml(mail.placeLink.href)}" style="color:inherit;text-decoration:none">Porchlight</a></p>${cards.join('')}<p class="pl-muted pl-rule" style="margin:24px 0 0;padding-top:12px;border-top:1px solid ${LIGHT.border};color:${LIGHT.muted};font-size:13px;line-height:1.5">${escapeHtml(mail.footer)} <a class="pl-link" href="${escapeHtml(mail.unsubscribe.href)}" style="color:${LIGHT.link}">${escapeHtml(mail.unsubscribe.text)}</a></p></div></body></html>`
}
