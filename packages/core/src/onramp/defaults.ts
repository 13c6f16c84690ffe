/** The providers a project offers when its settings cannot be read (the server's defaults). */
export const DEFAULT_ONRAMP_PROVIDERS = ['coinbase', 'meld'] as const
