import { useMemo } from 'react'
import { IDENTICON_SIZE, identiconPattern } from './identicon.ts'

/** The cells of one colour as a single SVG path of unit squares. */
function cellsPath(cells: number[][], value: number): string {
  let path = ''
  cells.forEach((row, y) => {
    row.forEach((cell, x) => {
      if (cell === value) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return path
}

/**
 * An account's picture drawn from its address, for accounts without an avatar of their own. Drawn
 * as SVG shapes with fill attributes: no image request, and nothing a strict style-src forbids.
 */
export function Identicon({ address, size }: { address: string; size: number }) {
  const { cells, background, colour, spot } = useMemo(() => identiconPattern(address), [address])
  return (
    <svg
      className="latch-avatar latch-identicon"
      width={size}
      height={size}
      viewBox={`0 0 ${IDENTICON_SIZE} ${IDENTICON_SIZE}`}
      shapeRendering="crispEdges"
      aria-hidden="true"
      data-testid="latch-identicon"
    >
      <rect width={IDENTICON_SIZE} height={IDENTICON_SIZE} fill={background} />
      <path d={cellsPath(cells, 1)} fill={colour} />
      <path d={cellsPath(cells, 2)} fill={spot} />
    </svg>
  )
}
