// Superadmin's advanced mode (SPEC section 4): raw JSON, and for non-local items a result override and the template.
import { useRef, type KeyboardEvent } from 'react'
import { LOCK_CHOICES, isLocked, type Draft } from '../../lib/editor/draft.ts'
import { ADVANCED_TABS, type Advanced, type AdvancedTab } from '../../lib/editor/save.ts'
import { parseTemplate } from '../../lib/template.ts'
import type { T } from '../../i18n/use-t.ts'
import { SelectInput, TextInput } from './inputs.tsx'

/** Tabs with the arrow-key, Home and End paths of the ARIA tabs pattern. */
function Tabs({
  tabs,
  active,
  onChange,
  t,
}: {
  tabs: readonly AdvancedTab[]
  active: AdvancedTab
  onChange: (tab: AdvancedTab) => void
  t: T
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const onKey = (event: KeyboardEvent, index: number): void => {
    const next =
      event.key === 'ArrowRight'
        ? index + 1
        : event.key === 'ArrowLeft'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? -1
              : null
    if (next === null) return
    event.preventDefault()
    const target = (next + tabs.length) % tabs.length
    onChange(tabs[target]!)
    refs.current[target]?.focus()
  }
  return (
    <div role="tablist" className="edit-tabs" aria-label={t('edit.advanced')}>
      {tabs.map((tab, index) => (
        <button
          key={tab}
          ref={(element) => {
            refs.current[index] = element
          }}
          type="button"
          role="tab"
          id={`edit-tab-${tab}`}
          aria-selected={tab === active}
          aria-controls={`edit-panel-${tab}`}
          tabIndex={tab === active ? 0 : -1}
          onClick={() => onChange(tab)}
          onKeyDown={(event) => onKey(event, index)}
        >
          {t(`editTab.${tab}`)}
        </button>
      ))}
    </div>
  )
}

export function AdvancedPanel({
  draft,
  set,
  advanced,
  setAdvanced,
  onUnlock,
  now,
  locale,
  t,
}: {
  draft: Draft
  set: (patch: Partial<Draft>) => void
  advanced: Advanced
  setAdvanced: (patch: Partial<Advanced>) => void
  onUnlock: () => void
  now: number
  locale: string
  t: T
}) {
  const tabs: readonly AdvancedTab[] = draft.dataAspect === 'local' ? ['json'] : ADVANCED_TABS
  const tab = tabs.includes(advanced.tab) ? advanced.tab : 'json'
  const locked = isLocked(draft.lockResultUntil, now)
  const template = draft.dataTemplate.trim() ? parseTemplate(draft.dataTemplate) : null
  return (
    <>
      {tabs.length > 1 && <Tabs tabs={tabs} active={tab} onChange={(next) => setAdvanced({ tab: next })} t={t} />}
      <div
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        id={`edit-panel-${tab}`}
        aria-labelledby={tabs.length > 1 ? `edit-tab-${tab}` : undefined}
      >
        {tab === 'override' && (
          <>
            <p className="hint">{t('edit.overrideHint')}</p>
            <TextInput
              id="adv-state"
              label={t('edit.state')}
              value={draft.state}
              onChange={(state) => set({ state })}
              maxLength={200}
            />
            <TextInput
              id="adv-lines"
              label={t('edit.lines')}
              hint={t('edit.linesHint')}
              value={draft.lines}
              onChange={(lines) => set({ lines })}
              rows={5}
              maxLength={20_000}
            />
            <div className="field-row">
              <SelectInput
                id="adv-lock"
                label={t('edit.lockUntil')}
                value={advanced.lock}
                onChange={(value) => setAdvanced({ lock: LOCK_CHOICES.find((choice) => choice === value) ?? '1day' })}
                options={LOCK_CHOICES.map((choice) => [choice, t(`editLock.${choice}`)] as const)}
              />
              {advanced.lock === 'custom' && (
                <TextInput
                  id="adv-custom-lock"
                  label={t('edit.lockCustom')}
                  type="datetime-local"
                  value={advanced.customLock}
                  onChange={(customLock) => setAdvanced({ customLock })}
                  maxLength={20}
                />
              )}
            </div>
            <p className="row">
              <span>
                {locked && draft.lockResultUntil
                  ? t('edit.lockedUntil', {
                      time: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                        new Date(draft.lockResultUntil),
                      ),
                    })
                  : t('edit.notLocked')}
              </span>
              {locked && draft.id !== null && (
                <button type="button" className="button" onClick={onUnlock}>
                  {t('edit.unlock')}
                </button>
              )}
            </p>
          </>
        )}
        {tab === 'template' && (
          <>
            <p className="note" role="note">
              {t('edit.templateNote')}
            </p>
            <TextInput
              id="adv-template"
              label={t('edit.template')}
              hint={t('edit.templateHint')}
              value={draft.dataTemplate}
              onChange={(dataTemplate) => set({ dataTemplate })}
              error={template && !template.ok ? template.error : undefined}
              rows={12}
              maxLength={20_000}
              spellCheck={false}
              className="mono"
            />
          </>
        )}
        {tab === 'json' && (
          <TextInput
            id="adv-json"
            label={t('edit.rawJson')}
            hint={t('edit.rawHint')}
            value={advanced.raw}
            onChange={(raw) => setAdvanced({ raw })}
            rows={16}
            maxLength={100_000}
            spellCheck={false}
            className="mono"
          />
        )}
      </div>
    </>
  )
}
