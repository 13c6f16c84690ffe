/**
 * WCAG 2.2's contrast ratio, for the theme's colour tests: relative luminance of sRGB colours,
 * `(lighter + 0.05) / (darker + 0.05)`, from 1 (same colour) to 21 (black on white).
 */
export type Rgb = readonly [number, number, number]

/** `#rgb` or `#rrggbb` as its three channels, 0 to 255. */
export function parseHex(hex: string): Rgb {
  const digits = hex.replace(/^#/, '')
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a hex colour: ${hex}`)
  const value = Number.parseInt(full, 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

/** CSS's `color-mix(in srgb, a share%, b)`: each channel weighted, then rounded. */
export function mixSrgb(a: Rgb, share: number, b: Rgb): Rgb {
  const mix = (x: number, y: number) => Math.round(x * share + y * (1 - share))
  return [mix(a[0], b[0]), mix(a[1], b[1]), mix(a[2], b[2])]
}

function relativeLuminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
}

export function contrastRatio(foreground: Rgb, background: Rgb): number {
  const [lighter, darker] = [relativeLuminance(foreground), relativeLuminance(background)].sort(
    (x, y) => y - x,
  )
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05)
}
