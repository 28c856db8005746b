// Renders the app icons of the web app manifest (docs/offline.md) from the one source image,
// public/favicon.svg, with sharp: the sizes Android, iOS and desktop Chromium ask for, plus maskable
// ones (the logo inside the safe zone on its own colour). Usage: npx node scripts/make-icons.ts
// The output is committed (public/icons/); run it again when the logo changes.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'

const SOURCE = 'public/favicon.svg'
const OUT = 'public/icons'
/** The logo's own background, which fills a maskable icon's edges. */
const BACKGROUND = '#4c3fb1'
/** Icon sizes: Android and desktop install (192, 512), iOS home screen (180), Windows and small shortcuts (48, 96, 144). */
const ICONS: { name: string; size: number; maskable?: boolean }[] = [
  { name: 'icon-48.png', size: 48 },
  { name: 'icon-96.png', size: 96 },
  { name: 'icon-144.png', size: 144 },
  { name: 'icon-192.png', size: 192 },
  { name: 'icon-512.png', size: 512 },
  { name: 'maskable-192.png', size: 192, maskable: true },
  { name: 'maskable-512.png', size: 512, maskable: true },
  { name: 'apple-touch-icon.png', size: 180, maskable: true },
]

const svg = readFileSync(SOURCE)
mkdirSync(OUT, { recursive: true })
for (const icon of ICONS) {
  const file = join(OUT, icon.name)
  if (!icon.maskable) {
    await sharp(svg, { density: 72 * (icon.size / 32) })
      .resize(icon.size, icon.size)
      .png({ compressionLevel: 9 })
      .toFile(file)
  } else {
    // The safe zone of a maskable icon is the middle 80 %: the logo at 70 % on its background colour.
    const inner = Math.round(icon.size * 0.7)
    const logo = await sharp(svg, { density: 72 * (inner / 32) })
      .resize(inner, inner)
      .png()
      .toBuffer()
    await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: BACKGROUND } })
      .composite([{ input: logo, gravity: 'center' }])
      .png({ compressionLevel: 9 })
      .toFile(file)
  }
  console.log(`icons: ${file}`)
}
