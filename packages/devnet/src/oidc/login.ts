export type DevLoginOptions = {
  /** Any name; with '@' it is also the email, else the email is `<login>@dev.latch.test`. */
  login: string
  /** Cancel at the login page instead: the provider redirects back with `error=access_denied`. */
  cancel?: boolean
}

/** Redirects followed before giving up: a dev login takes six. */
const MAX_HOPS = 12

/** Cookies by name, as a browser would keep them for the provider's origin (paths ignored). */
class CookieJar {
  readonly #cookies = new Map<string, string>()

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const equals = pair.indexOf('=')
      if (equals <= 0) continue
      const name = pair.slice(0, equals).trim()
      const value = pair.slice(equals + 1).trim()
      const expired = /;\s*max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)
      if (expired || value === '') this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/**
 * Drives the dev OpenID Connect provider's login like a browser would, with plain fetch: opens
 * `authorizationUrl`, fills the login form (any password), accepts the consent page, and returns
 * the URL the provider finally redirects to (the client's callback, with `code` and `state`, or
 * `error`), without opening it. For tests and scripts; a person uses the real pages.
 *
 * @example
 * const callback = await loginAtDevProvider(authorizationUrl, { login: 'alice' })
 * callback.searchParams.get('code')
 */
export async function loginAtDevProvider(
  authorizationUrl: string | URL,
  options: DevLoginOptions,
): Promise<URL> {
  const jar = new CookieJar()
  const issuerOrigin = new URL(authorizationUrl).origin
  let url = new URL(authorizationUrl)
  let body: URLSearchParams | undefined
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), accept: 'text/html' },
      body,
    })
    jar.take(response)
    body = undefined
    const location = response.headers.get('location')
    if (location) {
      await response.body?.cancel()
      const next = new URL(location, url)
      if (next.origin !== issuerOrigin) return next
      url = next
      continue
    }
    const page = await response.text()
    if (!response.ok) {
      throw new Error(`dev OIDC provider answered ${response.status} at ${url.pathname}: ${page}`)
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1]
    if (prompt === 'login' && options.cancel) {
      url = new URL(`${url.pathname.replace(/\/$/, '')}/abort`, url)
    } else if (prompt === 'login') {
      body = new URLSearchParams({ prompt, login: options.login, password: 'dev' })
    } else if (prompt === 'consent') {
      body = new URLSearchParams({ prompt })
    } else {
      throw new Error(`unexpected page from the dev OIDC provider at ${url.pathname}`)
    }
  }
  throw new Error(`the dev OIDC provider redirected more than ${MAX_HOPS} times`)
}
