// The alert banner and the nav's count badges, from the page point's shared reaction data (no React).
import { fill } from '../fill.ts'
import type { BannerAlert } from '../live/severity.ts'
import { $banner, dismissBanner } from '../stores/banner.ts'
import { $dictionary } from '../stores/dictionary.ts'
import { $badgeCounts } from '../stores/reaction.ts'

const slot = document.getElementById('alert-banner')
/**
 * The dashboard's "Right now" card is its banner: it leads with the same alert and counts the weather
 * service's warnings too, so a banner above it would say the headline twice with another count.
 */
const shown = document.body.dataset['section'] !== 'page'

function text(key: string, values: Record<string, string> = {}): string {
  return fill($dictionary.get()?.[key] ?? key, values)
}

/** Builds the banner with DOM text nodes only: alert titles are untrusted staff input. */
function drawBanner(alert: BannerAlert | null): void {
  if (!slot) return
  slot.replaceChildren()
  if (!alert || !shown || !$dictionary.get()) return
  const box = document.createElement('div')
  box.className = `alert-banner sev-${alert.severity}`
  box.setAttribute('role', alert.severity === 'critical' ? 'alert' : 'status')
  const line = document.createElement('p')
  const label = document.createElement('span')
  label.className = 'sr-only'
  label.textContent = `${text('banner.label')}: `
  const title = document.createElement('strong')
  title.textContent = alert.title
  line.append(label, title)
  if (alert.more > 0) line.append(` ${text('banner.more', { count: String(alert.more) })}`)
  const details = document.querySelector<HTMLAnchorElement>('a[data-section="statuses"]')
  if (details) {
    const link = document.createElement('a')
    link.href = alert.section === 'roads' ? details.href.replace(/\/statuses$/, '/roads') : details.href
    link.textContent = text('banner.details')
    line.append(' ', link)
  }
  const close = document.createElement('button')
  close.type = 'button'
  close.className = 'icon-btn'
  close.setAttribute('aria-label', text('banner.dismiss'))
  close.textContent = '×'
  close.addEventListener('click', dismissBanner)
  box.append(line, close)
  slot.append(box)
}

function drawBadges(counts: Record<string, number> | null): void {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-badge]')) {
    const count = counts?.[badge.dataset['badge'] ?? ''] ?? 0
    badge.hidden = count === 0
    badge.textContent = count > 99 ? '99+' : String(count)
    badge.setAttribute('aria-label', text('badge.count', { count: String(count) }))
  }
}

$banner.subscribe(drawBanner)
$badgeCounts.subscribe(drawBadges)
$dictionary.listen(() => {
  drawBanner($banner.get())
  drawBadges($badgeCounts.get())
})
