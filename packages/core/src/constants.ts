/** The sdk type and version the kit adds to every server call (spec 7: st, sv). */
export const SDK_TYPE = 'latch'
export const SDK_VERSION = '0.1.0'
