import { resetLocations } from './locations.ts'
import { resetSettings } from './settings.ts'

/** "Reset" in settings: every setting and stored place back to its default. */
export function resetAll(): void {
  resetSettings()
  resetLocations()
}
