import { crc32, deflateSync } from 'node:zlib'

const SIZE = 16

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A 16x16 PNG of one colour as a data URL: a devnet account's avatar that any page may show under
 * a strict Content-Security-Policy (img-src data:), with no image host to run.
 */
export function solidPngDataUrl([red, green, blue]: readonly [number, number, number]): string {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(SIZE, 0)
  header.writeUInt32BE(SIZE, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits per channel, RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array(SIZE).fill([red, green, blue]).flat()),
  ])
  const pixels = Buffer.concat(Array(SIZE).fill(row))
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
  return `data:image/png;base64,${png.toString('base64')}`
}
