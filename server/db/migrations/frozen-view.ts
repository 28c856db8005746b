// The public item view as of 2026-11-27, frozen for the migrations that rebuild stored views (002, 004, 016).
// Frozen: the public view exactly as migrations 002, 004 and 016 write it, copied here so that later changes to the live code
// (server/lib/item-view.ts, src/lib/item-fields.ts) cannot change what an old migration does. Never edit it.
type Cell = string | number | null | undefined
/** The columns the view reads (attribution, starts_at and expires_at are younger than some of the migrations). */
export type ViewRow = { id: number; view: string } & {
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

export function publicView(row: ViewRow): string {
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
