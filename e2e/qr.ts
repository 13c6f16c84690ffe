import type { Locator } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'

/** Reads a QR code the way a phone camera would: from the pixels on screen. */
export async function readQrCode(qr: Locator): Promise<string> {
  const png = PNG.sync.read(await qr.screenshot({ animations: 'disabled' }))
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  if (!code) throw new Error('no QR code could be read from the screenshot')
  return code.data
}
