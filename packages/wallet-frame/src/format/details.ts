// What the formatters describe a request as: the approval screen lays these out as it likes.

/** One line of a key/value list on the approval screen. */
export type DetailRow = { label: string; value: string; mono?: boolean }

/** A group of details: a heading, then rows and/or a block of text (a message, raw parameters). */
export type DetailSection = {
  heading?: string
  rows?: DetailRow[]
  block?: { text: string; mono: boolean }
}
