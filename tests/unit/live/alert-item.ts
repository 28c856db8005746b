// One Alert item for tests: plain defaults, any field overridden.
import type { AlertItem } from '../../../src/lib/items.ts'

export function alertItem(fields: Partial<AlertItem> & { id: number }): AlertItem {
  return {
    priority: 'Normal',
    stateType: null,
    state: null,
    title: `Item ${fields.id}`,
    class: null,
    data: { lines: [], classes: [], location: null, status: null, dataTemplate: null, specialData: null, lockResultUntil: null },
    image: null,
    link: null,
    icon: null,
    dataLink: null,
    dataLinkType: null,
    distance: 1,
    valueChanged: null,
    retrieved: null,
    isOld: false,
    dataCategory: null,
    category: null,
    dataAspect: 'statuses',
    dataProperty: 'manager',
    lat: 47.74,
    lon: -121.98,
    pageName: 'wa/duvall',
    cityName: 'Duvall',
    ...fields,
  }
}
