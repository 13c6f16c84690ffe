// The dashboard's paths, ranges and limits, without zod: the dashboard page imports these at run time and
// only types from dashboard.ts, so no schema code reaches its bundle.

/** Where the server serves the dashboard page; its JSON lives under `${DASHBOARD_PATH}/api`. */
export const DASHBOARD_PATH = '/dashboard'
export const DASHBOARD_API = `${DASHBOARD_PATH}/api`

/** Days a chart covers unless the owner picks another range. */
export const DASHBOARD_DEFAULT_DAYS = 30
/** Longest range a chart covers: a year of daily buckets. */
export const DASHBOARD_MAX_DAYS = 365
/** The ranges the page offers. */
export const DASHBOARD_RANGES = [7, 30, 90] as const

/** How many of an error's views, chains and kit versions its row names: the most common. */
export const DASHBOARD_ERROR_CONTEXT_TOP = 5

/** The funnel's steps, in order. */
export const FUNNEL_STEPS = ['opened', 'choseMethod', 'choseWallet', 'connected'] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]
