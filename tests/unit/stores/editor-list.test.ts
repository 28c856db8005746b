// The editor page's list store against a mocked API: it lists only for a signed-in role, follows the
// filters (typing after a pause), keeps only the latest answer, and deletes with a notice.
import { cleanTestStorage } from '@nanostores/persistent'
import { allTasks, cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, type Api } from '../../../src/lib/api/porchlight.ts'
import { itemRecord } from '../api/fixtures.ts'

type Query = Parameters<Api['items']['list']>[0]
const list = vi.fn<Api['items']['list']>()
const remove = vi.fn<Api['items']['remove']>()
vi.mock('../../../src/lib/stores/api.ts', () => ({
  api: { items: { list: (q: Query) => list(q), remove: (id: number) => remove(id) } },
}))
const m = await import('../../../src/lib/stores/editor-list.ts')
const { $itemsVersion } = await import('../../../src/lib/stores/editor.ts')
const { $authToken } = await import('../../../src/lib/stores/session.ts')

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const token = (role: number) => `${b64({ alg: 'HS256' })}.${b64({ EntityType: role, exp: Date.now() / 1000 + 3600 })}.sig`
const answer = (total: number, titles: string[] = []) => ({ items: titles.map((title, id) => itemRecord({ id, title })), total })

beforeEach(() => {
  list.mockReset().mockResolvedValue(answer(0))
  remove.mockReset().mockResolvedValue({ ok: true })
})
afterEach(() => {
  cleanStores(m.$editorListing, m.$editorFilter, m.$editorSearch, m.$editorNotice)
  $authToken.set(null)
  cleanTestStorage()
  vi.useRealTimers()
})

describe('editor list store', () => {
  it('lists nothing signed out or without a role, and the first page once signed in', async () => {
    keepMount(m.$editorListing)
    await allTasks()
    $authToken.set(token(0))
    await allTasks()
    expect(list).not.toHaveBeenCalled()
    expect(m.$editorListing.get()).toEqual({ state: 'loading' })
    list.mockResolvedValue(answer(1, ['Road closed']))
    $authToken.set(token(1))
    await allTasks()
    expect(list).toHaveBeenCalledExactlyOnceWith({ limit: m.EDITOR_PAGE_SIZE, offset: 0 })
    expect(m.$editorListing.get()).toMatchObject({ state: 'ok', list: { total: 1, items: [{ title: 'Road closed' }] } })
  })

  it('asks for the filters and page, from the first page when a filter changes', async () => {
    $authToken.set(token(1))
    keepMount(m.$editorListing)
    await allTasks()
    m.showEditorPage(2)
    await allTasks()
    expect(list).toHaveBeenLastCalledWith({ limit: 20, offset: 40 })
    m.setEditorAspect('roads')
    m.setEditorCategory('closure')
    await allTasks()
    expect(list).toHaveBeenLastCalledWith({ dataAspect: 'roads', dataCategory: 'closure', limit: 20, offset: 0 })
    m.setEditorAspect('nonsense')
    expect(m.$editorFilter.get().aspect).toBe('')
  })

  it('keeps the category between alert sections, and forgets it at Local, whose categories are the businesses', () => {
    m.setEditorAspect('roads')
    m.setEditorCategory('traffic')
    m.setEditorAspect('statuses')
    expect(m.$editorFilter.get()).toMatchObject({ aspect: 'statuses', category: 'traffic' })
    m.setEditorAspect('local')
    expect(m.$editorFilter.get()).toMatchObject({ aspect: 'local', category: '' })
    m.setEditorCategory('restaurant')
    m.setEditorAspect('')
    expect(m.$editorFilter.get()).toMatchObject({ aspect: '', category: '' })
  })

  it('waits for typing to pause before it searches', async () => {
    vi.useFakeTimers()
    $authToken.set(token(1))
    keepMount(m.$editorListing)
    await allTasks()
    m.showEditorPage(1)
    m.typeEditorSearch('dan')
    await vi.advanceTimersByTimeAsync(100)
    m.typeEditorSearch(' danger ')
    expect(m.$editorSearch.get()).toBe(' danger ')
    await vi.advanceTimersByTimeAsync(m.SEARCH_WAIT_MS - 1)
    expect(m.$editorFilter.get().q).toBe('')
    await vi.advanceTimersByTimeAsync(1)
    expect(m.$editorFilter.get()).toMatchObject({ q: 'danger', page: 0 })
    await allTasks()
    expect(list).toHaveBeenLastCalledWith({ q: 'danger', limit: 20, offset: 0 })
    expect(list.mock.calls.filter(([query]) => query?.q)).toHaveLength(1)
  })

  it('keeps only the latest answer, and the list on screen while the next loads', async () => {
    $authToken.set(token(1))
    keepMount(m.$editorListing)
    await allTasks()
    let slow: (value: ReturnType<typeof answer>) => void = () => undefined
    list.mockReturnValueOnce(new Promise((resolve) => (slow = resolve))).mockResolvedValueOnce(answer(1, ['Newer']))
    m.showEditorPage(1)
    expect(m.$editorListing.get().state).toBe('ok')
    m.showEditorPage(2)
    await vi.waitFor(() => expect(m.$editorListing.get()).toMatchObject({ list: { items: [{ title: 'Newer' }] } }))
    slow(answer(1, ['Older']))
    await allTasks()
    expect(m.$editorListing.get()).toMatchObject({ list: { items: [{ title: 'Newer' }] } })
  })

  it('shows a failure with its message and tries again', async () => {
    list.mockRejectedValueOnce(new ApiError(500, 'Failed to list items', [{ code: 'list_failed' }]))
    $authToken.set(token(1))
    keepMount(m.$editorListing)
    await allTasks()
    expect(m.$editorListing.get()).toEqual({ state: 'error', failure: { problems: [{ code: 'list_failed' }] } })
    await m.loadEditorList()
    expect(m.$editorListing.get().state).toBe('ok')
  })

  it('deletes an item: the notice says so and the list reloads', async () => {
    $authToken.set(token(1))
    keepMount(m.$editorListing)
    await allTasks()
    const version = $itemsVersion.get()
    expect(await m.deleteItem(7, 'Flood')).toBe(true)
    expect(remove).toHaveBeenCalledWith(7)
    expect(m.$editorNotice.get()).toEqual({ kind: 'deleted', title: 'Flood' })
    expect($itemsVersion.get()).toBe(version + 1)
    await allTasks()
    expect(list).toHaveBeenCalledTimes(2)
  })

  it('says why a delete failed and keeps the list', async () => {
    remove.mockRejectedValue(new ApiError(403, 'Refused by a newer server', null))
    const version = $itemsVersion.get()
    expect(await m.deleteItem(7, 'Flood')).toBe(false)
    // An answer without a code this client knows keeps its English text.
    expect(m.$editorNotice.get()).toEqual({ kind: 'deleteFailed', failure: { message: 'Refused by a newer server' } })
    expect($itemsVersion.get()).toBe(version)
  })

  it('starts afresh once nothing shows it', async () => {
    $authToken.set(token(1))
    keepMount(m.$editorListing)
    m.setEditorCategory('school')
    await m.deleteItem(1, 'x')
    cleanStores(m.$editorListing)
    expect(m.$editorFilter.get()).toEqual({ q: '', aspect: '', category: '', page: 0 })
    expect(m.$editorNotice.get()).toBeNull()
  })
})
