// The edit dialog's simple form: the fields of the manage payload (SPEC section 3) the user may change, plus where the
// item is. Each box is drawn from its `dialog` entry in the field table (src/lib/item-fields.ts: place, row, label,
// hint, limit, by its kind); only the selects and the state's word list are drawn by hand here. Which fields and
// priorities each role gets comes from the permission table (src/lib/field-permission.ts).
import { Fragment, type ReactNode } from 'react'
import type { ItemField } from '../../lib/field-permission.ts'
import { DIALOG_FIELDS, dialogId, fieldSpec, inputLimit, type DialogField, type DialogSpec } from '../../lib/item-fields.ts'
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

/** The dialog's fields of one group, in the table's order: side by side where they share a row. */
function rowsOf(fields: readonly DialogField[], group: DialogSpec['group']): DialogField[][] {
  const rows: DialogField[][] = []
  let last: string | undefined
  for (const name of fields) {
    const dialog = fieldSpec(name).dialog!
    if (dialog.group !== group) continue
    if (dialog.row !== undefined && dialog.row === last) rows[rows.length - 1]!.push(name)
    else rows.push([name])
    last = dialog.row
  }
  return rows
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
  const aspect = draft.dataAspect
  const current = PRIORITIES.find((word) => word.toLowerCase() === draft.priority.toLowerCase()) ?? 'Normal'
  // A stored priority above the user's limit is shown as it is, and may stay.
  const offered = priorities.includes(current) ? priorities : [current, ...priorities]
  // The fields this user may change, for this item's section (the table's `aspects`).
  const shown = DIALOG_FIELDS.filter((name) => {
    const sections = fieldSpec(name).dialog!.aspects
    return may(name) && (!sections || sections.includes(aspect))
  })

  /** The fields whose box is not a plain one of its kind: the selects and the state's word list. */
  const special: Partial<Record<DialogField, () => ReactNode>> = {
    dataAspect: () => (
      <SelectInput
        id={dialogId('dataAspect')}
        label={t('edit.section')}
        value={draft.dataAspect}
        onChange={(value) => {
          const dataAspect = ASPECTS.find((section) => section === value) ?? draft.dataAspect
          // A new item's untouched state follows its section: businesses are active, the rest open.
          const fresh = draft.id === null && (draft.state === 'open' || draft.state === 'active')
          set({ dataAspect, ...(fresh ? { state: dataAspect === 'local' ? 'active' : 'open' } : {}) })
        }}
        options={ASPECTS.map((section) => [section, t(`nav.${section}`)] as const)}
      />
    ),
    dataCategory: () => (
      <SelectInput
        id={dialogId('dataCategory')}
        label={t('edit.dataCategory')}
        value={draft.dataCategory}
        onChange={(dataCategory) => set({ dataCategory })}
        options={[['', t('edit.none')], ...ALERT_CATEGORIES.map((category) => [category, t(`category.${category}`)] as const)]}
      />
    ),
    priority: () => (
      <SelectInput
        id={dialogId('priority')}
        label={t('edit.priority')}
        value={current}
        onChange={(priority) => set({ priority })}
        options={offered.map((priority) => [priority, priorityLabel(priority, t)] as const)}
      />
    ),
    state: () => (
      <>
        {box('state', 'edit-states')}
        <datalist id="edit-states">
          {STATUS_WORDS.map((word) => (
            <option key={word} value={word}>
              {t(`status.${word}`)}
            </option>
          ))}
        </datalist>
      </>
    ),
  }

  /** A plain box of a field, drawn from its table entry: its id, label and hint (per section), limit and kind. */
  function box(name: DialogField, list?: string): ReactNode {
    const { kind, dialog } = fieldSpec(name)
    const { label, hint, labels, hints, scoped } = dialog!
    const fixed = scoped === true && !canMove
    const value = draft[name]
    if (typeof value === 'boolean')
      return <CheckInput id={dialogId(name)} label={t(label)} checked={value} onChange={(checked) => set({ [name]: checked })} />
    const hintKey = hint && (fixed ? 'edit.scopeFixed' : (hints?.[aspect] ?? hint))
    return (
      <TextInput
        id={dialogId(name)}
        label={t(labels?.[aspect] ?? label)}
        hint={hintKey ? t(hintKey) : undefined}
        value={value}
        onChange={(text) => set({ [name]: text })}
        error={errors[name]}
        maxLength={inputLimit(name)}
        {...(kind === 'url' ? { type: 'url' as const } : {})}
        {...(kind === 'number' ? { inputMode: 'decimal' as const } : kind === 'int' ? { inputMode: 'numeric' as const } : {})}
        {...(kind === 'lines' || kind === 'json' ? { rows: 4 } : {})}
        {...(kind === 'json' ? { spellCheck: false, className: 'mono' } : {})}
        {...(scoped ? { readOnly: fixed } : {})}
        {...(list ? { list } : {})}
      />
    )
  }

  const field = (name: DialogField) => {
    const draw = special[name]
    return <Fragment key={name}>{draw ? draw() : box(name)}</Fragment>
  }
  const group = (name: DialogSpec['group'], legend: string) => {
    const rows = rowsOf(shown, name)
    if (!rows.length) return null
    return (
      <FieldGroup legend={legend}>
        {rows.map((row) =>
          fieldSpec(row[0]!).dialog!.row !== undefined ? (
            <div className="field-row" key={row[0]}>
              {row.map(field)}
            </div>
          ) : (
            field(row[0]!)
          ),
        )}
      </FieldGroup>
    )
  }
  return (
    <>
      {group('item', t('edit.groupItem'))}
      {group('where', t('edit.groupWhere'))}
    </>
  )
}
