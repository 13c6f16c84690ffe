import type { KeyboardEvent } from 'react'

const NEXT = new Set(['ArrowRight', 'ArrowDown'])
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp'])

/**
 * Arrow keys in a tab list or a radio group (`onKeyDown` on the group): focus and pick the next or
 * previous option, wrapping around, Home and End the first and last, as a keyboard user expects
 * of these roles; Tab leaves the group.
 */
export function onArrowKeys(event: KeyboardEvent<HTMLElement>): void {
  const options = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"], [role="radio"]'),
  ].filter((option) => !option.hasAttribute('disabled'))
  const at = options.indexOf(event.target as HTMLElement)
  if (at < 0 || options.length === 0) return
  let next: number
  if (NEXT.has(event.key)) next = (at + 1) % options.length
  else if (PREVIOUS.has(event.key)) next = (at - 1 + options.length) % options.length
  else if (event.key === 'Home') next = 0
  else if (event.key === 'End') next = options.length - 1
  else return
  event.preventDefault()
  options[next]?.focus()
  options[next]?.click()
}
