const HEX = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/
const FUNCTIONAL = /^(?:rgba?|hsla?)\((?:[\d\s.,%/+-]|deg|turn)+\)$/i
const NAMED = /^[a-zA-Z]{3,24}$/

/**
 * Whether a theme variable from the site is a plain colour (hex, rgb(), hsl() or a name), so no
 * url() or other CSS reaches the frame. `supports` (CSS.supports in the page) confirms it when given.
 */
export function isCssColour(
  value: unknown,
  supports?: (property: string, value: string) => boolean,
): value is string {
  if (typeof value !== 'string') return false
  const trimmed = value.trim()
  if (!HEX.test(trimmed) && !FUNCTIONAL.test(trimmed) && !NAMED.test(trimmed)) return false
  return supports ? supports('color', trimmed) : true
}
