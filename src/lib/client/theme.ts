// Keeps the theme on screen in step with the settings, the system preference and other tabs.
import { $settings, $systemDark, $theme } from '../stores/settings.ts'

const root = document.documentElement
const query = matchMedia('(prefers-color-scheme: dark)')
$systemDark.set(query.matches)
query.addEventListener('change', (event) => $systemDark.set(event.matches))
$theme.subscribe((theme) => root.setAttribute('data-theme', theme))
$settings.subscribe(({ colorTheme }) => root.setAttribute('data-color', colorTheme))
$settings.subscribe(({ nightMode }) => root.toggleAttribute('data-night', nightMode))
