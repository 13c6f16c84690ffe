const ESCAPE = String.fromCharCode(27)

/** oidc-provider's notice in a console line, without the colour codes it adds on a TTY. */
function noticeIn(line: string): string | undefined {
  const text = line.startsWith(ESCAPE) ? line.slice(line.indexOf('m') + 1) : line
  const end = text.indexOf(ESCAPE)
  const plain = end === -1 ? text : text.slice(0, end)
  return /^oidc-provider (?:WARNING|NOTICE): /.test(plain) ? plain : undefined
}

/**
 * Runs `run` with oidc-provider's console notices (dev keys, dev interactions, in-memory
 * adapter, Node version) sent to `log` instead, or dropped; anything else still prints. The
 * console is restored as soon as `run` returns, or when the promise it returns settles: keep
 * asynchronous uses from overlapping (one cached import), or the restores would cross.
 */
export function divertProviderNotices<T>(
  log: ((line: string) => void) | undefined,
  run: () => T,
): T {
  const { warn, info } = console
  const divert =
    (print: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      const [first] = args
      const notice = typeof first === 'string' ? noticeIn(first) : undefined
      if (notice !== undefined) log?.(notice)
      else print.apply(console, args)
    }
  const restore = () => {
    console.warn = warn
    console.info = info
  }
  console.warn = divert(warn)
  console.info = divert(info)
  let result: T
  try {
    result = run()
  } catch (error) {
    restore()
    throw error
  }
  if (result instanceof Promise) return result.finally(restore) as T
  restore()
  return result
}
