import { redact } from './redact.ts'

/** About a megabyte of recent log lines: enough for a support request, small enough to keep. */
export const LOG_BUFFER_BYTES = 1_024_000

export type LogBuffer = {
  /** Adds one line, redacted; the oldest lines go once the buffer is over its size. */
  add(level: 'info' | 'warn' | 'error', message: string, data?: unknown): void
  /** The lines, oldest first, one per line: what a site attaches to a support request. */
  text(): string
  /** How many bytes (UTF-8) the lines take. */
  readonly bytes: number
}

const encoder = new TextEncoder()

/**
 * A ring of log lines bounded in bytes (UTF-8, newline included), dropping the oldest first.
 * Every line is redacted as it comes in, so nothing secret is ever held, let alone exported.
 */
export function createLogBuffer(
  maxBytes = LOG_BUFFER_BYTES,
  now: () => number = Date.now,
): LogBuffer {
  const lines: { text: string; bytes: number }[] = []
  let bytes = 0
  return {
    add(level, message, data) {
      let detail = ''
      if (data !== undefined) {
        try {
          detail = ` ${JSON.stringify(data)}`
        } catch {
          detail = ' [unserializable]'
        }
      }
      let text = redact(`${new Date(now()).toISOString()} ${level} ${message}${detail}`)
      let size = encoder.encode(text).length + 1
      // One line over the whole budget keeps its start, cut to fit.
      if (size > maxBytes) {
        text = text.slice(0, Math.floor((maxBytes - 1) / 4))
        size = encoder.encode(text).length + 1
      }
      lines.push({ text, bytes: size })
      bytes += size
      while (bytes > maxBytes) bytes -= lines.shift()?.bytes ?? bytes
    },
    text: () => lines.map((line) => `${line.text}\n`).join(''),
    get bytes() {
      return bytes
    },
  }
}
