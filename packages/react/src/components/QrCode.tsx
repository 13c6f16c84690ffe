import { type ReactNode, useMemo } from 'react'
import { encode, QrCodeDataType } from 'uqr'

/** Share of the code's width the logo covers; error correction Q (25 %) recovers what it hides. */
const LOGO_SHARE = 0.22
/** White modules around the code, as the QR standard asks for reliable scanning. */
const QUIET_ZONE = 4

/** The dark modules as one SVG path, leaving out data modules under the centre logo. */
function modulesPath(value: string, withLogo: boolean): { size: number; path: string } {
  const qr = encode(value, { ecc: withLogo ? 'Q' : 'M', border: QUIET_ZONE })
  const logoSide = withLogo ? Math.ceil((qr.size - QUIET_ZONE * 2) * LOGO_SHARE) | 1 : 0
  const logoStart = (qr.size - logoSide) / 2
  const underLogo = (x: number, y: number) =>
    logoSide > 0 &&
    x >= logoStart - 1 &&
    x < logoStart + logoSide + 1 &&
    y >= logoStart - 1 &&
    y < logoStart + logoSide + 1
  let path = ''
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return
      if (qr.types[y]?.[x] === QrCodeDataType.Data && underLogo(x, y)) return
      path += `M${x} ${y}h1v1h-1z`
    })
  })
  return { size: qr.size, path }
}

/** A QR code of `value`, dark on white whatever the theme, with an optional logo in its centre. */
export function QrCode({ value, logo, label }: { value: string; logo?: ReactNode; label: string }) {
  const withLogo = logo !== undefined
  const { size, path } = useMemo(() => modulesPath(value, withLogo), [value, withLogo])
  return (
    <div className="latch-qr" role="img" aria-label={label}>
      <svg viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" aria-hidden="true">
        <rect width={size} height={size} fill="#ffffff" />
        <path d={path} fill="#141414" />
      </svg>
      {withLogo && <div className="latch-qr-logo">{logo}</div>}
    </div>
  )
}
