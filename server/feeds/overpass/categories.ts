// OSM tags to the SPEC's eleven business categories (section 3): the table docs/feeds.md documents.
export const SPEC_CATEGORIES = [
  'restaurant',
  'cafe',
  'bar',
  'retail',
  'service',
  'entertainment',
  'health',
  'education',
  'automotive',
  'professional',
  'other',
] as const
export type SpecCategory = (typeof SPEC_CATEGORIES)[number]

/** Exact key=value matches, checked first. */
const BY_TAG: Record<string, SpecCategory> = {}
const add = (category: SpecCategory, key: string, values: string): void => {
  for (const value of values.split(' ')) BY_TAG[`${key}=${value}`] = category
}
add('restaurant', 'amenity', 'restaurant fast_food food_court')
add('cafe', 'amenity', 'cafe ice_cream')
add('cafe', 'shop', 'bakery coffee tea pastry')
add('bar', 'amenity', 'bar pub biergarten nightclub')
add('bar', 'shop', 'alcohol wine beverages')
add('entertainment', 'amenity', 'cinema theatre arts_centre casino events_venue music_venue')
add('health', 'amenity', 'pharmacy clinic doctors dentist hospital veterinary')
add('health', 'shop', 'chemist optician medical_supply hearing_aids')
add('education', 'amenity', 'school college university kindergarten language_school driving_school music_school library')
add('education', 'office', 'educational_institution')
add('automotive', 'amenity', 'fuel car_wash car_rental')
add('automotive', 'shop', 'car car_repair car_parts tyres motorcycle')
add('automotive', 'craft', 'car_repair')
add('service', 'amenity', 'bank post_office childcare bureau_de_change')
add(
  'service',
  'shop',
  'hairdresser beauty laundry dry_cleaning tailor travel_agency copyshop funeral_directors pet_grooming storage_rental massage',
)

/** The amenity values the Overpass query asks for (benches, bins and parking are not businesses). */
export const AMENITIES = Object.keys(BY_TAG)
  .filter((tag) => tag.startsWith('amenity='))
  .map((tag) => tag.slice('amenity='.length))

/**
 * The SPEC category of an OSM element: exact tags first (amenity, shop, office, craft), then the kind of key.
 * @example categoryOf({ amenity: 'pub' }) // 'bar'
 */
export function categoryOf(tags: Record<string, string>): SpecCategory {
  for (const key of ['amenity', 'shop', 'office', 'craft', 'healthcare']) {
    const value = tags[key]
    const exact = value ? BY_TAG[`${key}=${value}`] : undefined
    if (exact) return exact
  }
  if (tags['healthcare']) return 'health'
  if (tags['shop']) return 'retail'
  if (tags['office']) return 'professional'
  if (tags['craft']) return 'service'
  return 'other'
}
