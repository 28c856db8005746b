// The item limits visitor pages need, apart from the field table (item-fields.ts) that uses them: importing the
// table from src/lib/items.ts put all of it in every city page's live script (+1.6 KB gzip, over the size budget).

/** SPEC section 5: "the title is under 200 characters | 'Title must be less than 200 characters'" (after trimming). */
export const TITLE_LIMIT = 199
/** SPEC section 9: "area: default 10 miles". */
export const DEFAULT_AREA_MILES = 10
/** Porchlight's own: no item reaches further. */
export const MAX_AREA_MILES = 500
