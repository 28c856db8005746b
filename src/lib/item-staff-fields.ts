// The staff record's own item fields (never in the public item) and their answer checks, the last part of
// item-answer-fields.ts's list: apart from it so that the visitor pages' live script, which checks only public items,
// does not carry them (the staff answers' checks, api/answers.ts, and the field table read both).
import * as shape from './api/shape.ts'

export const STAFF_ANSWER_FIELDS = {
  isActive: shape.boolean,
  order: shape.int,
  areaMiles: shape.number,
  layer: shape.int,
}
