import { crc32, deflateSync } from 'node:zlib'

/** A PNG chunk: length, type, data, and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

/**
 * An RGB PNG of `size`×`size` pixels, each from `pixel(x, y)`: the devnet draws its NFTs' images
 * with it, so no image file is shipped and each token looks its own.
 */
export function encodePng(size: number, pixel: (x: number, y: number) => [number, number, number]) {
  const rows: Buffer[] = []
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3)
    for (let x = 0; x < size; x++) row.set(pixel(x, y), 1 + x * 3)
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A tile pattern in two colours picked from `seed`: the same seed, the same picture. */
export function tileImage(seed: number): Buffer {
  const hue = (seed * 67) % 360
  const colour = (h: number, l: number): [number, number, number] => {
    const a = 0.6 * Math.min(l, 1 - l)
    const f = (n: number) => {
      const k = (n + h / 30) % 12
      return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
    }
    return [f(0), f(8), f(4)]
  }
  const back = colour(hue, 0.3)
  const front = colour((hue + 150) % 360, 0.65)
  const cells = 2 + (seed % 5)
  return encodePng(64, (x, y) =>
    (Math.floor((x * cells) / 64) + Math.floor((y * cells) / 64)) % 2 === 0 ? front : back,
  )
}
