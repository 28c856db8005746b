// Public item views carry when an item starts and ends (startsAt, endsAt): the views of items that have either are
// rebuilt. The others read as having neither until their next write, which is what they say.
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

// Frozen: the public view exactly as this migration writes it, copied here so that later changes to the live code
// (server/lib/item-view.ts, src/lib/item-fields.ts) cannot change what an old migration does. Never edit it.
type Cell = string | number | null | undefined
/** The columns the view reads (attribution, starts_at and expires_at are younger than some of the migrations). */
type ViewRow = { id: number; view: string } & {
  [
    Column in
      | 'priority'
      | 'state_type'
      | 'state'
      | 'title'
      | 'class'
      | 'image'
      | 'link'
      | 'icon'
      | 'data_link'
      | 'data_link_type'
      | 'value_changed'
      | 'retrieved'
      | 'is_old'
      | 'data_category'
      | 'category'
      | 'data_aspect'
      | 'data_property'
      | 'lat'
      | 'lon'
      | 'page_name'
      | 'city_name'
      | 'lines'
      | 'classes'
      | 'location'
      | 'status'
      | 'special_data'
      | 'lock_result_until'
      | 'attribution'
      | 'starts_at'
      | 'expires_at'
  ]: Cell
}

const stringList = (json: Cell): string[] => {
  try {
    const value: unknown = JSON.parse(String(json))
    return Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : []
  } catch {
    return []
  }
}

function sourceOf(attribution: Cell): { name: string; url: string | null } | null {
  if (!attribution) return null
  try {
    const value = JSON.parse(String(attribution)) as { name?: unknown; url?: unknown }
    if (typeof value.name !== 'string') return null
    return { name: value.name, url: typeof value.url === 'string' ? value.url : null }
  } catch {
    return null
  }
}

function publicView(row: ViewRow): string {
  return JSON.stringify({
    id: row.id,
    priority: row.priority,
    stateType: row.state_type,
    state: row.state,
    title: row.title,
    class: row.class,
    image: row.image,
    link: row.link,
    icon: row.icon,
    dataLink: row.data_link,
    dataLinkType: row.data_link_type,
    valueChanged: row.value_changed,
    retrieved: row.retrieved,
    isOld: row.is_old === 1,
    dataCategory: row.data_category,
    category: row.category,
    dataAspect: row.data_aspect,
    dataProperty: row.data_property,
    lat: row.lat,
    lon: row.lon,
    pageName: row.page_name,
    cityName: row.city_name,
    data: {
      lines: stringList(row.lines),
      classes: stringList(row.classes),
      location: row.location,
      status: row.status,
      dataTemplate: null,
      specialData: row.special_data,
      lockResultUntil: row.lock_result_until,
    },
    source: sourceOf(row.attribution),
    startsAt: row.starts_at ?? null,
    endsAt: row.expires_at ?? null,
  })
}

export const itemTimes: Migration = {
  async up(db: Kysely<unknown>) {
    const items = db as unknown as Kysely<{ items: ViewRow }>
    let after = 0
    for (;;) {
      const rows = await items
        .selectFrom('items')
        .selectAll()
        .where('id', '>', after)
        .where((eb) => eb.or([eb('starts_at', 'is not', null), eb('expires_at', 'is not', null)]))
        .orderBy('id')
        .limit(500)
        .execute()
      if (!rows.length) return
      for (const row of rows) {
        const view = publicView(row)
        if (view !== row.view) await items.updateTable('items').set({ view }).where('id', '=', row.id).execute()
      }
      after = rows.at(-1)!.id
    }
  },
}
