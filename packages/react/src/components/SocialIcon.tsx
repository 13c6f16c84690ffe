import { SOCIAL_PROVIDER_NAMES, type SocialLoginOption } from '@latch/core'

// Letters on the provider's colour (styles.css): the first paint carries no brand artwork.
const GLYPHS: Record<SocialLoginOption, string> = {
  google: 'G',
  x: '𝕏',
  farcaster: 'F',
  discord: 'D',
  apple: 'A',
  github: 'GH',
  facebook: 'f',
  dev: '⚙',
}

/** A social provider's tile. */
export function SocialIcon({ provider, size }: { provider: SocialLoginOption; size?: 'lg' }) {
  return (
    <span
      className="latch-social-icon"
      data-provider={provider}
      data-size={size}
      aria-hidden="true"
      title={SOCIAL_PROVIDER_NAMES[provider]}
    >
      {GLYPHS[provider]}
    </span>
  )
}
