// The edit dialog's store against a mocked API: it follows the open request (a new draft at once, a
// stored item loaded), edits its fields, saves and unlocks, and keeps everything on a failure.
import { allTasks, cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, type Api } from '../../../src/lib/api/porchlight.ts'
import { draftFromRecord } from '../../../src/lib/editor/draft.ts'
import type { ItemRecord } from '../../../src/lib/api/types.ts'
import { manageAnswer } from '../api/fixtures.ts'

const api = {
  get: vi.fn<Api['items']['get']>(),
  save: vi.fn<Api['manage']['save']>(),
  unlock: vi.fn<Api['manage']['unlock']>(),
}
const retry = vi.fn<() => void>()
vi.mock('../../../src/lib/stores/api.ts', () => ({
  api: { items: { get: (id: number) => api.get(id) }, manage: { save: api.save, unlock: api.unlock } },
}))
vi.mock('../../../src/lib/stores/reaction.ts', () => ({ reaction: { retry: () => retry() } }))
const m = await import('../../../src/lib/stores/edit-item.ts')
const { $editRequest, $itemsVersion, closeEditor, openEditor } = await import('../../../src/lib/stores/editor.ts')

const record = {
  id: 12,
  priority: 'Warning',
  stateType: null,
  state: 'pending',
  title: 'Cherry Valley Elementary',
  class: null,
  image: null,
  link: null,
  icon: null,
  dataLink: null,
  dataLinkType: null,
  valueChanged: null,
  retrieved: null,
  isOld: false,
  dataCategory: 'school',
  category: 'Late start',
  dataAspect: 'statuses',
  dataProperty: 'manager',
  lat: 47.74,
  lon: -121.98,
  pageName: 'wa/duvall',
  cityName: 'Duvall',
  lines: [],
  classes: [],
  location: null,
  status: null,
  dataTemplate: null,
  specialData: '{"_Notes":"kept"}',
  lockResultUntil: '2026-11-23T12:00:00.000Z',
  isActive: true,
  order: 3,
  areaMiles: 10,
  layer: 0,
  fetchError: null,
  nextFetchAt: null,
  hasEditKey: false,
  isDemo: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
} as Parameters<typeof draftFromRecord>[0]

beforeEach(() => {
  Object.values(api).forEach((fn) => fn.mockReset())
  retry.mockReset()
  api.get.mockResolvedValue(record)
  api.save.mockResolvedValue(manageAnswer())
  api.unlock.mockResolvedValue(manageAnswer())
  keepMount(m.$editItem)
})
afterEach(() => {
  closeEditor()
  cleanStores(m.$editItem)
})

const draft = () => {
  const item = m.$editItem.get()
  if (item.state !== 'ready') throw new Error(`not ready: ${item.state}`)
  return item.draft
}

describe('edit item store', () => {
  it('starts a new item at once, with the section and place asked for', () => {
    openEditor({ id: null, aspect: 'roads', cityName: 'Duvall' })
    expect(draft()).toMatchObject({ id: null, dataAspect: 'roads', cityName: 'Duvall', pageName: '' })
    expect(api.get).not.toHaveBeenCalled()
  })

  it('loads a stored item, and says why when it cannot', async () => {
    openEditor({ id: 12 })
    expect(m.$editItem.get()).toEqual({ state: 'loading' })
    await allTasks()
    expect(draft()).toMatchObject({ id: 12, title: 'Cherry Valley Elementary' })
    api.get.mockRejectedValue(new ApiError(404, 'Item not found', [{ code: 'item_not_found' }]))
    openEditor({ id: 13 })
    await allTasks()
    expect(m.$editItem.get()).toEqual({ state: 'failed', failure: { problems: [{ code: 'item_not_found' }] } })
  })

  it('keeps only the latest request’s item', async () => {
    let slow: (value: ItemRecord) => void = () => undefined
    api.get.mockReturnValueOnce(new Promise((resolve) => (slow = resolve)))
    openEditor({ id: 12 })
    openEditor({ id: null, aspect: 'statuses' })
    slow(record)
    await allTasks()
    expect(draft().id).toBeNull()
  })

  it('edits the form and a business’s fields', () => {
    openEditor({ id: null, aspect: 'local', cityName: 'Duvall' })
    m.editDraft({ title: 'Riverbend Café' })
    m.editBusiness({ phone: '425-555-0100' })
    const item = m.$editItem.get()
    expect(item).toMatchObject({ state: 'ready', draft: { title: 'Riverbend Café' }, business: { phone: '425-555-0100' } })
  })

  it('saves: lists and live data reload, the dialog closes', async () => {
    openEditor({ id: 12 })
    await allTasks()
    const version = $itemsVersion.get()
    const pending = m.saveEdit({ Title: 'x' })
    expect(m.$editStatus.get()).toEqual({ state: 'saving' })
    await pending
    expect(api.save).toHaveBeenCalledWith(12, { Title: 'x' })
    expect($itemsVersion.get()).toBe(version + 1)
    expect(retry).toHaveBeenCalledOnce()
    expect($editRequest.get()).toBeNull()
  })

  it('keeps the dialog and everything typed when the save fails', async () => {
    openEditor({ id: null, aspect: 'statuses', cityName: 'Duvall' })
    m.editDraft({ title: 'Typed' })
    api.save.mockRejectedValue(new Error(''))
    await m.saveEdit({ Title: 'Typed' })
    expect(api.save).toHaveBeenCalledWith(0, { Title: 'Typed' })
    expect(m.$editStatus.get()).toEqual({ state: 'error', failure: { problems: [{ code: 'save_failed' }] } })
    expect($editRequest.get()).not.toBeNull()
    expect(draft().title).toBe('Typed')
    m.editRefused('Se requiere el título')
    expect(m.$editStatus.get()).toEqual({ state: 'error', failure: { text: 'Se requiere el título' } })
    openEditor({ id: null, aspect: 'roads' })
    expect(m.$editStatus.get()).toEqual({ state: 'open' })
  })

  it('unlocks a stored item’s result', async () => {
    openEditor({ id: 12 })
    await allTasks()
    await m.unlockEdit()
    expect(api.unlock).toHaveBeenCalledWith(12)
    expect(draft().lockResultUntil).toBeNull()
    expect(retry).toHaveBeenCalledOnce()
    api.unlock.mockRejectedValue(
      new ApiError(403, 'You do not have permission to edit this item', [{ code: 'no_edit_permission' }]),
    )
    await m.unlockEdit()
    expect(m.$editStatus.get()).toEqual({
      state: 'error',
      failure: { problems: [{ code: 'no_edit_permission' }] },
    })
  })
})
