// The alert banner and the nav's count badges, from the page point's shared reaction data (no React).
import { $t } from '../../i18n/page-t.ts'
import type { T } from '../../i18n/translate.ts'
import { $banner, dismissBanner, placeKey, syncBannerOff } from '../stores/banner.ts'
import { $badgeAlarms, $badgeCounts, $bannerAlert, $warningsUnchecked } from '../stores/reaction.ts'

const slot = document.getElementById('alert-banner')
/**
 * A place's own pages reserve the banner's slot (global.css). The dashboard's "Right now" card is its
 * banner: it leads with the same alert and counts the weather service's warnings too, so a banner above
 * it would say the headline twice with another count. Other pages have no slot: a banner there would
 * push the page down or cover it.
 */
const PLACE_SECTIONS = ['weather', 'statuses', 'cameras', 'roads', 'local']
const shown = PLACE_SECTIONS.includes(document.body.dataset['section'] ?? '')
const place = placeKey(location.pathname)
const root = document.documentElement

/** Hides or shows the banner's slot (global.css, html[data-banner-off]); the head script may have hidden it already. */
function slotOff(off: boolean): void {
  root.toggleAttribute('data-banner-off', off)
}

/** The statuses page's link (the roads page's for a road alert), from the nav; null where the nav has none. */
function detailsLink(section: 'statuses' | 'roads', t: T): HTMLAnchorElement | null {
  const details = document.querySelector<HTMLAnchorElement>('a[data-section="statuses"]')
  if (!details) return null
  const link = document.createElement('a')
  link.href = section === 'roads' ? details.href.replace(/\/statuses$/, '/roads') : details.href
  link.textContent = t('banner.details')
  return link
}

/**
 * Builds the banner with DOM text nodes only: alert titles are untrusted staff input. The banner sits
 * in the page's flow, in a slot of fixed height (global.css), so it never covers text nor moves it:
 * once the data is in, the slot says there is nothing to report, or that it could not be checked. A dismissed
 * banner frees its slot, here and on the place's other sections (src/lib/stores/banner.ts).
 */
function drawBanner(): void {
  if (!slot) return
  slot.replaceChildren()
  const t = $t.get()
  if (!shown || !t) return
  const alert = $banner.get()
  const raw = $bannerAlert.get()
  const box = document.createElement('div')
  const line = document.createElement('p')
  box.append(line)
  if (!alert) {
    // Nothing yet (the data is loading or failed): the slot stays as it is.
    if ($badgeCounts.get() === null) return
    if (raw) {
      // Every alert it stood for was dismissed: no banner, and no slot for it on the place's pages.
      slotOff(true)
      syncBannerOff(place, true)
      return
    }
    // The alerts are over: the next page reserves the slot again; this one keeps what it painted (nothing moves).
    syncBannerOff(place, false)
    // "No warnings" only when every source that covers the place answered; else say it could not be checked.
    const doubt = $warningsUnchecked.get()
    box.className = `alert-banner ${doubt ? 'sev-unknown' : 'sev-none'}`
    box.setAttribute('role', 'status')
    line.append(t(doubt ? 'banner.unchecked' : 'banner.none'))
    const link = doubt && detailsLink('statuses', t)
    if (link) line.append(' ', link)
    slot.append(box)
    return
  }
  // A new alert since the dismissal: it shows, even where the head script had hidden the slot.
  slotOff(false)
  syncBannerOff(place, false)
  box.className = `alert-banner sev-${alert.severity}`
  box.setAttribute('role', alert.severity === 'critical' ? 'alert' : 'status')
  const label = document.createElement('span')
  label.className = 'sr-only'
  label.textContent = `${t('banner.label')}: `
  const title = document.createElement('strong')
  title.textContent = alert.title
  line.append(label, title)
  if (alert.more > 0) line.append(` ${t('banner.more', { count: String(alert.more) })}`)
  const link = detailsLink(alert.section, t)
  if (link) line.append(' ', link)
  const close = document.createElement('button')
  close.type = 'button'
  close.className = 'icon-btn'
  close.setAttribute('aria-label', t('banner.dismiss'))
  close.textContent = '×'
  close.addEventListener('click', () => {
    dismissBanner()
    // The button is gone with the banner: the keyboard carries on from the page's start.
    document.getElementById('main')?.focus()
  })
  box.append(close)
  slot.append(box)
}

function drawBadges(counts: Record<string, number> | null): void {
  const t = $t.get()
  for (const badge of document.querySelectorAll<HTMLElement>('[data-badge]')) {
    const section = badge.dataset['badge'] ?? ''
    const count = counts?.[section] ?? 0
    badge.hidden = count === 0
    // Alarm red only where there is a warning; other counts are neutral.
    badge.classList.toggle('alarm', $badgeAlarms.get()?.has(section as 'statuses') ?? false)
    badge.textContent = count > 99 ? '99+' : String(count)
    badge.setAttribute('aria-label', t ? t('badge.count', { count: String(count) }) : 'badge.count')
  }
}

$banner.subscribe(drawBanner)
$badgeCounts.subscribe((counts) => {
  drawBadges(counts)
  drawBanner()
})
$t.listen(() => {
  drawBanner()
  drawBadges($badgeCounts.get())
})
