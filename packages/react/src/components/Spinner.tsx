/** A small turning ring for work under way; still (a pulsing ring) under reduced motion. */
export function Spinner({ size }: { size?: 'lg' }) {
  return <span className="latch-spinner" data-size={size} aria-hidden="true" />
}
