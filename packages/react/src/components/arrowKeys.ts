import type { KeyboardEvent } from 'react'

/**
 * Whether `element` is laid out right to left: the `dir` of its closest ancestor that sets one
 * (what the modal sets for its language), else the direction the page computes for it.
 */
function isRightToLeft(element: HTMLElement): boolean {
  const dir = element.closest('[dir]')?.getAttribute('dir')?.toLowerCase()
  if (dir === 'rtl') return true
  if (dir === 'ltr') return false
  return getComputedStyle(element).direction === 'rtl'
}

/** +1 for the next option, -1 for the previous; right to left the options run leftwards. */
function stepOf(key: string, group: HTMLElement): 1 | -1 | undefined {
  if (key === 'ArrowDown') return 1
  if (key === 'ArrowUp') return -1
  if (key !== 'ArrowRight' && key !== 'ArrowLeft') return undefined
  const forward = key === 'ArrowRight' ? 1 : -1
  return isRightToLeft(group) ? (-forward as -1 | 1) : forward
}

/**
 * Arrow keys in a tab list or a radio group (`onKeyDown` on the group): focus and pick the next or
 * previous option, wrapping around, Home and End the first and last, as a keyboard user expects
 * of these roles; Tab leaves the group. Right to left, Left is the next option and Right the
 * previous, as the options are laid out.
 */
export function onArrowKeys(event: KeyboardEvent<HTMLElement>): void {
  const options = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"], [role="radio"]'),
  ].filter((option) => !option.hasAttribute('disabled'))
  const at = options.indexOf(event.target as HTMLElement)
  if (at < 0 || options.length === 0) return
  const step = stepOf(event.key, event.currentTarget)
  let next: number
  if (step !== undefined) next = (at + step + options.length) % options.length
  else if (event.key === 'Home') next = 0
  else if (event.key === 'End') next = options.length - 1
  else return
  event.preventDefault()
  options[next]?.focus()
  options[next]?.click()
}
