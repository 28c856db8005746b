import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { LANGUAGE_NAMES } from '../i18n/languages.ts'
import { LOCALES, appPath, isLocale, type Locale } from '../lib/routing/routes.ts'
import { fill } from '../lib/fill.ts'
import { $account, signOutAccount } from '../lib/stores/account.ts'
import { $now } from '../lib/stores/clock.ts'
import { COLOR_THEMES, COLOR_THEME_KEYS, THEMES, type Theme } from '../lib/decode/stored-settings.ts'
import {
  $pinnedLocations,
  $recentLocations,
  $settings,
  resetAll,
  setColorTheme,
  setDistance,
  setHideEditorTab,
  setHomeLocation,
  setImageSize,
  setLanguage,
  setNightMode,
  setPinnedFirst,
  setTemperature,
  setTestLayer,
  setTheme,
  setWindSpeed,
  toggleTheme,
} from '../lib/stores/index.ts'
import { Choice, Toggle } from './settings/Choice.tsx'
import type { SettingsLabels } from './settings/labels.ts'
import { LocationPanel } from './settings/LocationPanel.tsx'
import { PlaceList, placeHref } from './settings/PlaceList.tsx'
import { UsageData } from './settings/UsageData.tsx'
import { NotifySettings } from './notify/NotifySettings.tsx'

const THEME_KEYS = {
  dark: 'settings.themeDark',
  light: 'settings.themeLight',
  auto: 'settings.themeAuto',
} as const satisfies Record<Theme, string>

/** The settings page: every change goes to a store action and applies at once on every open page. */
export function SettingsPanel({ labels, locale }: { labels: SettingsLabels; locale: Locale }) {
  const settings = useStore($settings)
  const recent = useStore($recentLocations)
  const pinned = useStore($pinnedLocations)
  const account = useStore($account)
  const [notice, setNotice] = useState('')
  const now = useStore($now)

  const home = settings.homeLocation
  const lists = settings.pinnedFirst ? (['pinned', 'recent'] as const) : (['recent', 'pinned'] as const)
  return (
    <div className="settings">
      <section className="card" aria-labelledby="appearance-h">
        <h2 id="appearance-h">{labels['settings.appearance']}</h2>
        <Choice
          legend={labels['settings.theme']}
          value={settings.theme}
          options={THEMES.map((value) => ({ value, label: labels[THEME_KEYS[value]] }))}
          onChange={setTheme}
        />
        <button type="button" className="button" onClick={toggleTheme}>
          {labels['settings.toggleTheme']}
        </button>
        <Choice
          legend={labels['settings.colorTheme']}
          value={settings.colorTheme}
          options={COLOR_THEMES.map((value) => ({ value, label: labels[COLOR_THEME_KEYS[value]], swatch: value }))}
          onChange={setColorTheme}
        />
        <Toggle label={labels['settings.nightMode']} checked={settings.nightMode} onChange={setNightMode} />
        <p className="muted">{labels['settings.nightModeHint']}</p>
        <label className="field range">
          <span>{labels['settings.imageSize']}</span>
          <input
            type="range"
            min={1}
            max={5}
            step={1}
            value={settings.imageSize}
            aria-describedby="image-size-hint"
            onChange={(event) => setImageSize(Number(event.target.value))}
          />
          <output>{settings.imageSize}</output>
        </label>
        <p className="muted" id="image-size-hint">
          {labels['settings.imageSizeHint']}
        </p>
      </section>

      <section className="card" aria-labelledby="units-h">
        <h2 id="units-h">{labels['settings.units']}</h2>
        <Choice
          legend={labels['settings.temperature']}
          value={settings.temperature}
          options={[
            { value: 'F', label: labels['unit.fahrenheit'] },
            { value: 'C', label: labels['unit.celsius'] },
          ]}
          onChange={setTemperature}
        />
        <Choice
          legend={labels['settings.windSpeed']}
          value={settings.windSpeed}
          options={[
            { value: 'mph', label: labels['unit.mph'] },
            { value: 'kmh', label: labels['unit.kmh'] },
          ]}
          onChange={setWindSpeed}
        />
        <Choice
          legend={labels['settings.distance']}
          value={settings.distance}
          options={[
            { value: 'miles', label: labels['unit.miles'] },
            { value: 'km', label: labels['unit.km'] },
          ]}
          onChange={setDistance}
        />
      </section>

      <section className="card" aria-labelledby="language-h">
        <h2 id="language-h">{labels['settings.language']}</h2>
        <label className="field">
          <span className="sr-only">{labels['settings.language']}</span>
          <select value={settings.language} onChange={(event) => isLocale(event.target.value) && setLanguage(event.target.value)}>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      </section>

      <LocationPanel labels={labels} locale={locale} />

      <section className="card" aria-labelledby="places-h">
        <h2 id="places-h">{labels['settings.places']}</h2>
        <h3>{labels['settings.home']}</h3>
        {home ? (
          <p>
            <a href={placeHref(locale, { method: 'selected', ...home, city: home.name || null, state: null, zip: null })}>
              {home.name}
            </a>{' '}
            <button type="button" onClick={() => setHomeLocation(null)}>
              {labels['settings.clearHome']}
            </button>
          </p>
        ) : (
          <p className="muted">{labels['settings.noHome']}</p>
        )}
        <Toggle label={labels['settings.pinnedFirst']} checked={settings.pinnedFirst} onChange={setPinnedFirst} />
        {lists.map((kind) => (
          <div key={kind}>
            <h3>{labels[kind === 'pinned' ? 'settings.pinned' : 'settings.recent']}</h3>
            <PlaceList kind={kind} places={kind === 'pinned' ? pinned : recent} labels={labels} locale={locale} now={now} />
          </div>
        ))}
      </section>

      <NotifySettings locale={locale} />

      <section className="card" aria-labelledby="staff-h">
        <h2 id="staff-h">{labels['settings.staff']}</h2>
        {account ? (
          <p className="account">
            {fill(labels['login.signedIn'], { name: account.name })}{' '}
            {account.canEdit && <a href={appPath(locale, 'editor')}>{labels['nav.editor']}</a>}{' '}
            <button type="button" className="link-button" onClick={() => void signOutAccount()}>
              {labels['login.signOut']}
            </button>
          </p>
        ) : (
          <p>
            <a href={appPath(locale, 'login')}>{labels['app.signIn']}</a>{' '}
            <span className="muted">{labels['settings.signInHint']}</span>
          </p>
        )}
        <Toggle label={labels['settings.hideEditorTab']} checked={settings.hideEditorTab} onChange={setHideEditorTab} />
        <Toggle label={labels['settings.testLayer']} checked={settings.testLayer > 0} onChange={setTestLayer} />
      </section>

      <UsageData labels={labels} />

      <p>
        <button
          type="button"
          className="button danger"
          onClick={() => {
            if (!window.confirm(labels['settings.resetConfirm'])) return
            resetAll()
            setNotice(labels['settings.resetDone'])
          }}
        >
          {labels['settings.reset']}
        </button>
      </p>
      <p role="status">{notice}</p>
    </div>
  )
}
