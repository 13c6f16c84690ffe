// Performance marks around the modal's preloading, for the bundle benchmark (bench/bundle.ts)
// and the browser's devtools.
export const PRELOAD_START = 'latch:preload-start'
export const PRELOAD_END = 'latch:preload-end'
/** The closed modal was rendered hidden and laid out once: its first open only reveals it. */
export const PRERENDERED = 'latch:prerendered'

export function mark(name: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
    performance.mark(name)
}
