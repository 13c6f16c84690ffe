/**
 * Code a flow needs, loaded on first use rather than with the page: `load()` imports it once (again
 * after a failure); `current()` has it synchronously once loaded, so a click handler can call into
 * it at once (a popup must open inside the click).
 */
export type LazyCode<Code> = {
  load(): Promise<Code>
  current(): Code | undefined
}

export function lazyCode<Code>(load: () => Promise<Code>): LazyCode<Code> {
  let loaded: Code | undefined
  let loading: Promise<Code> | undefined
  return {
    load() {
      loading ??= load().then(
        (code) => {
          loaded = code
          return code
        },
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )
      return loading
    },
    current: () => loaded,
  }
}

/**
 * A method of lazily loaded code: runs at once when the code is loaded, else once it is; calls made
 * meanwhile run in the order they were made.
 */
export function deferred<Code, Args extends unknown[], Result>(
  code: LazyCode<Code>,
  call: (loaded: Code, ...args: Args) => Result,
): (...args: Args) => Result | Promise<Awaited<Result>> {
  return (...args) => {
    const loaded = code.current()
    if (loaded) return call(loaded, ...args)
    return code.load().then((ready) => call(ready, ...args) as Awaited<Result>)
  }
}
