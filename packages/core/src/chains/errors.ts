// The wallet's refusals live with every error of the kit, in ../errors.ts, below every folder; the
// send flow's tests still import them from here.
export { ChainNotSupportedError, UserRejectedError } from '../errors.ts'
