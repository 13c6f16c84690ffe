/** The wagmi connector id of the embedded wallet (email and social login). */
export const EMBEDDED_CONNECTOR_ID = 'latchEmbedded'
