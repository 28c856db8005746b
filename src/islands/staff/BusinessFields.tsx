// The edit dialog's form for a local business's special data: category, hours per day, links, phone, address, map point
// (each key's limit from src/lib/item-fields.ts; an owner sees only the keys the permission table gives it: not the category nor the map point).
import { BUSINESS_CATEGORIES } from '../../lib/live/business.ts'
import { DAYS } from '../../lib/live/hours.ts'
import { BUSINESS_KEY_LIMITS } from '../../lib/item-fields.ts'
import { unreadableDays, type BusinessField, type BusinessForm } from '../../lib/editor/business.ts'
import type { T } from '../../i18n/use-t.ts'
import { FieldGroup, SelectInput, TextInput } from './inputs.tsx'

/** Weekday names in the page's language, Monday first (1 January 2024 was a Monday). */
function dayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })
  return DAYS.map((_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))))
}

export function BusinessFields({
  form,
  set,
  errors,
  locale,
  t,
  keys = null,
}: {
  form: BusinessForm
  set: (patch: Partial<BusinessForm>) => void
  errors: Partial<Record<BusinessField, string>>
  locale: string
  t: T
  /** The special-data keys the user may change (an owner: src/lib/field-permission.ts); null for all. */
  keys?: readonly string[] | null
}) {
  const may = (key: BusinessField): boolean => keys === null || keys.includes(key)
  const field = (key: BusinessField, label: string, extra: Partial<Parameters<typeof TextInput>[0]> = {}) =>
    may(key) && (
      <TextInput
        id={`biz-${key}`}
        label={label}
        value={form[key]}
        onChange={(value) => set({ [key]: value })}
        error={errors[key]}
        maxLength={BUSINESS_KEY_LIMITS[key]}
        {...extra}
      />
    )
  const names = dayNames(locale)
  const unreadable = unreadableDays(form)
  return (
    <>
      <FieldGroup legend={t('edit.groupBusiness')}>
        <div className="field-row">
          {may('category') && (
            <SelectInput
              id="biz-category"
              label={t('edit.bizCategory')}
              value={BUSINESS_CATEGORIES.find((category) => category === form.category) ?? (form.category ? form.category : '')}
              onChange={(category) => set({ category })}
              options={[
                ['', t('edit.none')],
                ...(form.category && !BUSINESS_CATEGORIES.some((category) => category === form.category)
                  ? [[form.category, form.category] as const]
                  : []),
                ...BUSINESS_CATEGORIES.map((category) => [category, t(`business.${category}`)] as const),
              ]}
            />
          )}
          {field('title', t('edit.bizTitle'), { hint: t('edit.bizTitleHint') })}
          {field('service', t('edit.bizService'), { hint: t('edit.bizServiceHint') })}
        </div>
        {field('description', t('edit.bizDescription'), { rows: 3 })}
        <div className="field-row">
          {field('phone', t('edit.bizPhone'), { type: 'tel', autoComplete: 'off' })}
          {field('address', t('edit.bizAddress'))}
        </div>
        {may('lat') && (
          <div className="field-row">
            {field('lat', t('edit.lat'), { inputMode: 'decimal', hint: t('edit.bizPointHint') })}
            {field('lon', t('edit.lon'), { inputMode: 'decimal' })}
          </div>
        )}
      </FieldGroup>
      <FieldGroup legend={t('edit.groupLinks')}>
        <div className="field-row">
          {field('web', t('business.web'), { type: 'url' })}
          {field('fb', t('business.fb'), { type: 'url' })}
          {field('menu', t('business.menu'), { type: 'url' })}
          {field('ordering', t('business.order'), { type: 'url' })}
          {field('image', t('edit.image'), { type: 'url' })}
        </div>
      </FieldGroup>
      <FieldGroup legend={t('hours.title')}>
        {field('hoursText', t('edit.hoursText'), { hint: t('edit.hoursTextHint') })}
        <p className="hint" id="biz-hours-hint">
          {t('edit.hoursHint')}
        </p>
        <div className="field-row hours-fields">
          {DAYS.map((day, index) =>
            field(`hours${day}`, names[index] ?? day, {
              ...(unreadable.includes(day) ? { error: t('edit.hoursUnreadable') } : {}),
            }),
          )}
        </div>
      </FieldGroup>
    </>
  )
}
