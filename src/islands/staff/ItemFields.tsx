// The edit dialog's simple form: the fields of the manage payload (SPEC section 3) the user may change, plus where the
// item is; each input's limit is the field table's (src/lib/item-fields.ts); which fields and priorities each role gets comes from the permission table (src/lib/field-permission.ts).
import type { ItemField } from '../../lib/field-permission.ts'
import { inputLimit } from '../../lib/item-fields.ts'
import { ASPECTS, PRIORITIES, STATUS_WORDS, type Priority } from '../../lib/items.ts'
import { ALERT_CATEGORIES } from '../../lib/live/statuses.ts'
import type { Draft } from '../../lib/editor/draft.ts'
import type { I18nFamily, T } from '../../i18n/use-t.ts'
import { CheckInput, FieldGroup, SelectInput, TextInput } from './inputs.tsx'

export type FieldErrors = Partial<Record<keyof Draft, string>>

/** A priority word's label: translated where the site has one, else as the SPEC spells it. */
export function priorityLabel(priority: string, t: T): string {
  const key = `priority.${priority.toLowerCase()}` as I18nFamily<'priority'>
  const label = t(key)
  return label === key ? priority : label
}

export function ItemFields({
  draft,
  set,
  errors,
  t,
  canMove,
  may,
  priorities,
}: {
  draft: Draft
  set: (patch: Partial<Draft>) => void
  errors: FieldErrors
  t: T
  /** Whether the user may change the item's page and city (scoped staff keep their own). */
  canMove: boolean
  /** Whether the user may change a field; the others are not shown (their stored values stay). */
  may: (field: ItemField) => boolean
  /** The priorities the user may give, most pressing first. */
  priorities: readonly Priority[]
}) {
  const local = draft.dataAspect === 'local'
  const current = PRIORITIES.find((word) => word.toLowerCase() === draft.priority.toLowerCase()) ?? 'Normal'
  // A stored priority above the user's limit is shown as it is, and may stay.
  const offered = priorities.includes(current) ? priorities : [current, ...priorities]
  const where = may('pageName') || may('cityName') || may('lat') || may('areaMiles') || may('order') || may('isActive')
  return (
    <>
      <FieldGroup legend={t('edit.groupItem')}>
        <TextInput
          id="edit-title"
          label={t('edit.title')}
          value={draft.title}
          onChange={(title) => set({ title })}
          error={errors.title}
          maxLength={inputLimit('title')}
          hint={t('edit.titleHint')}
        />
        <div className="field-row">
          {may('dataAspect') && (
            <SelectInput
              id="edit-aspect"
              label={t('edit.section')}
              value={draft.dataAspect}
              onChange={(value) => {
                const dataAspect = ASPECTS.find((aspect) => aspect === value) ?? draft.dataAspect
                // A new item's untouched state follows its section: businesses are active, the rest open.
                const fresh = draft.id === null && (draft.state === 'open' || draft.state === 'active')
                set({ dataAspect, ...(fresh ? { state: dataAspect === 'local' ? 'active' : 'open' } : {}) })
              }}
              options={ASPECTS.map((aspect) => [aspect, t(`nav.${aspect}`)] as const)}
            />
          )}
          {!local && may('dataCategory') && (
            <SelectInput
              id="edit-category"
              label={t('edit.dataCategory')}
              value={draft.dataCategory}
              onChange={(dataCategory) => set({ dataCategory })}
              options={[
                ['', t('edit.none')],
                ...ALERT_CATEGORIES.map((category) => [category, t(`category.${category}`)] as const),
              ]}
            />
          )}
          {may('priority') && (
            <SelectInput
              id="edit-priority"
              label={t('edit.priority')}
              value={current}
              onChange={(priority) => set({ priority })}
              options={offered.map((priority) => [priority, priorityLabel(priority, t)] as const)}
            />
          )}
          {may('state') && (
            <TextInput
              id="edit-state"
              label={t('edit.state')}
              value={draft.state}
              onChange={(state) => set({ state })}
              list="edit-states"
              maxLength={inputLimit('state')}
            />
          )}
          <datalist id="edit-states">
            {STATUS_WORDS.map((word) => (
              <option key={word} value={word}>
                {t(`status.${word}`)}
              </option>
            ))}
          </datalist>
        </div>
        {may('lines') && (
          <TextInput
            id="edit-lines"
            label={t('edit.lines')}
            hint={t('edit.linesHint')}
            value={draft.lines}
            onChange={(lines) => set({ lines })}
            rows={4}
            maxLength={inputLimit('lines')}
          />
        )}
        {may('category') && (
          <TextInput
            id="edit-label"
            label={t('edit.category')}
            hint={t('edit.categoryHint')}
            value={draft.category}
            onChange={(category) => set({ category })}
            maxLength={inputLimit('category')}
          />
        )}
        <div className="field-row">
          <TextInput
            id="edit-link"
            label={t('edit.link')}
            type="url"
            value={draft.link}
            onChange={(link) => set({ link })}
            error={errors.link}
            maxLength={inputLimit('link')}
          />
          <TextInput
            id="edit-image"
            label={t(draft.dataAspect === 'cameras' ? 'edit.cameraImage' : 'edit.image')}
            type="url"
            value={draft.image}
            onChange={(image) => set({ image })}
            error={errors.image}
            maxLength={inputLimit('image')}
          />
        </div>
        {!local && may('specialData') && (
          <TextInput
            id="edit-special"
            label={t('edit.specialData')}
            hint={t(draft.dataAspect === 'roads' ? 'edit.specialRoadsHint' : 'edit.specialHint')}
            value={draft.specialData}
            onChange={(specialData) => set({ specialData })}
            error={errors.specialData}
            rows={4}
            maxLength={inputLimit('specialData')}
            spellCheck={false}
            className="mono"
          />
        )}
      </FieldGroup>
      {where && (
        <FieldGroup legend={t('edit.groupWhere')}>
          <div className="field-row">
            <TextInput
              id="edit-page"
              label={t('edit.pageName')}
              hint={t(canMove ? 'edit.pageHint' : 'edit.scopeFixed')}
              value={draft.pageName}
              onChange={(pageName) => set({ pageName })}
              error={errors.pageName}
              maxLength={inputLimit('pageName')}
              readOnly={!canMove}
            />
            <TextInput
              id="edit-city"
              label={t('edit.cityName')}
              value={draft.cityName}
              onChange={(cityName) => set({ cityName })}
              error={errors.cityName}
              maxLength={inputLimit('cityName')}
              readOnly={!canMove}
            />
          </div>
          <div className="field-row">
            <TextInput
              id="edit-lat"
              label={t('edit.lat')}
              inputMode="decimal"
              value={draft.lat}
              onChange={(lat) => set({ lat })}
              error={errors.lat}
              maxLength={inputLimit('lat')}
            />
            <TextInput
              id="edit-lon"
              label={t('edit.lon')}
              inputMode="decimal"
              value={draft.lon}
              onChange={(lon) => set({ lon })}
              error={errors.lon}
              maxLength={inputLimit('lon')}
            />
            <TextInput
              id="edit-area"
              label={t('edit.areaMiles')}
              inputMode="decimal"
              value={draft.areaMiles}
              onChange={(areaMiles) => set({ areaMiles })}
              error={errors.areaMiles}
              maxLength={inputLimit('areaMiles')}
            />
            <TextInput
              id="edit-order"
              label={t('edit.order')}
              inputMode="numeric"
              value={draft.order}
              onChange={(order) => set({ order })}
              error={errors.order}
              maxLength={inputLimit('order')}
            />
          </div>
          <CheckInput
            id="edit-active"
            label={t('edit.active')}
            checked={draft.isActive}
            onChange={(isActive) => set({ isActive })}
          />
        </FieldGroup>
      )}
    </>
  )
}
