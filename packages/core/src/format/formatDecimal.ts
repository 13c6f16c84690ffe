// The kit writes exact amounts the way the catalogues' runtime does: one formatter for both.
export { formatDecimal } from '@latch/protocol/i18n'
