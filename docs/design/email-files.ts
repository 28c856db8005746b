// The API's own pages and mails as files, for docs/design/shoot.ts (issue 38): an alert email's HTML part and the
// confirm page, in English and Spanish, rendered by the server's own code with the Duvall demo's texts.
// Usage: node docs/design/email-files.ts [out dir] (default .build); shoot.ts opens them as file:// pages.
import { mkdirSync, writeFileSync } from 'node:fs'
import { useTranslations } from '../../src/i18n/index.ts'
import { alertHtml } from '../../server/notify/email-html.ts'
import { emailTexts, linkPage } from '../../server/notify/email.ts'

const out = process.argv[2] ?? '.build'
const site = 'http://localhost:4399'
mkdirSync(out, { recursive: true })
for (const lang of ['en', 'es'] as const) {
  const t = useTranslations(lang)
  const prefix = lang === 'en' ? '' : `/${lang}`
  const link = (id: number) => `${site}${prefix}/wa/duvall/statuses#item-${id}`
  const html = alertHtml({
    lang,
    entries: [
      {
        priority: t('priority.critical'),
        priorityKey: 'critical',
        title: '[Demo] Flood warning: Snoqualmie River near Duvall',
        state: t('status.active'),
        lines: [
          'Flood Warning issued for the Snoqualmie River near Duvall until Friday 6 PM.',
          'Move to higher ground now. Do not drive through flooded roads: turn around, do not drown.',
          'Minor to moderate flooding is forecast. Water covers Woodinville-Duvall Road near the river.',
          'King County, Snohomish County',
        ],
        link: link(1),
      },
      {
        priority: t('priority.warning'),
        priorityKey: 'warning',
        title: '[Demo] Garbage pickup one day late this week',
        state: t('status.pending'),
        lines: ['Pickup moves from Monday to Tuesday after the holiday.'],
        link: link(2),
      },
    ],
    placeLink: { text: t('embed.more', { place: 'Duvall, WA' }), href: `${site}${prefix}/wa/duvall/statuses` },
    footer: t('notifyEmail.footer', { place: 'Duvall, WA' }),
    unsubscribe: { text: t('notifyEmail.unsubscribeButton'), href: 'http://localhost:8798/api/notify/email/unsubscribe' },
  })
  writeFileSync(`${out}/alert-email-${lang}.html`, html)
  const texts = emailTexts(lang, 'wa/duvall')
  writeFileSync(
    `${out}/email-confirm-${lang}.html`,
    linkPage(lang, texts.confirmPage, texts.confirmButton, '/api/notify/email/confirm', { siteUrl: site, place: 'wa/duvall' }),
  )
}
