/**
 * JSON text in which bigints are plain numbers: Solana's RPC answers u64 values (lamports, token
 * amounts, rentEpoch = u64::MAX) as JSON numbers, which clients such as @solana/kit read as bigint.
 */
export function stringifyWithBigInts(value: unknown): string {
  const marks: string[] = []
  const text = JSON.stringify(value, (_key, item) => {
    if (typeof item !== 'bigint') return item
    marks.push(item.toString())
    return `\u0000${marks.length - 1}\u0000`
  })
  return text.replace(
    /"\\u0000(\d+)\\u0000"/g,
    (_match, index: string) => marks[Number(index)] ?? '0',
  )
}
