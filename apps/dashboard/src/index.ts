// Node side of @latch/dashboard, for the server's start and the tests. The page's own code
// (main.ts and what it imports) runs in the browser and is never imported from here.
export { dashboardDistDir, ensureDashboardBuilt } from './node/ensureDashboardBuilt.ts'
