// Save-time limits on a template's CSS selector: the shapes whose matching cost grows with page depth are refused.
import { parse, type Selector } from 'css-what'

/** Pseudo-classes that take selectors: each match of theirs runs the inner selector again. */
const NESTING = new Set(['has', 'not', 'is', 'where', 'matches', 'any'])
const COMBINATORS = new Set(['descendant', 'child', 'sibling', 'adjacent', 'parent', 'column-combinator'])
/** Most alternatives (a, b, c) and combinators in one alternative: real status selectors use a handful. */
export const SELECTOR_MAX_ALTERNATIVES = 10
export const SELECTOR_MAX_COMBINATORS = 10
/** Deepest nesting of selector-taking pseudo-classes, as in :not(:is(a)). */
export const SELECTOR_MAX_NESTING = 2

/**
 * Why a CSS selector is refused for a template, or null when it is fine. Nested `:has()` and chains of
 * combinators inside `:has()`, `:not()` or `:is()` make the selector engine revisit every ancestor or
 * descendant for each element (a 3 KB page of nested divs takes minutes), so they are refused here;
 * the job's time limit stops anything else that turns out slow.
 * @example selectorProblem('div:has(div:has(p))') // 'must not put :has() inside :has()'
 */
export function selectorProblem(select: string): string | null {
  let tree: Selector[][]
  try {
    tree = parse(select)
  } catch {
    return 'is not a valid CSS selector'
  }
  return checkList(tree, 0, false)
}

function checkList(list: Selector[][], depth: number, insideHas: boolean): string | null {
  if (list.length > SELECTOR_MAX_ALTERNATIVES) return `must have at most ${SELECTOR_MAX_ALTERNATIVES} alternatives`
  for (const tokens of list) {
    const combinators = tokens.filter((token) => COMBINATORS.has(token.type)).length
    if (depth === 0 && combinators > SELECTOR_MAX_COMBINATORS)
      return `must have at most ${SELECTOR_MAX_COMBINATORS} combinators (space, >, + or ~)`
    // Inside :has() a leading combinator (:has(> p)) is the relative start, not a chain.
    const leading = insideHas && tokens[0] && COMBINATORS.has(tokens[0].type) ? 1 : 0
    if (depth > 0 && combinators - leading > 1)
      return 'may use at most one combinator (space, >, + or ~) inside :has(), :not(), :is() or :where()'
    for (const token of tokens) {
      if ((token.type as string) !== 'pseudo' || !('name' in token) || !NESTING.has(token.name)) continue
      if (!('data' in token) || !Array.isArray(token.data)) continue
      if (token.name === 'has' && insideHas) return 'must not put :has() inside :has()'
      if (depth + 1 > SELECTOR_MAX_NESTING)
        return `must not nest :has(), :not(), :is() or :where() more than ${SELECTOR_MAX_NESTING} deep`
      const problem = checkList(token.data, depth + 1, insideHas || token.name === 'has')
      if (problem) return problem
    }
  }
  return null
}
