import { type ApiClient, HttpStatusError } from '../api/client.ts'
import type { SetupReport } from './createSetupReport.ts'

/**
 * The start-up check of the site's setup against its server, so a mistake is reported as the page
 * starts rather than by whichever later call fails: nothing answers at `serverUrl`, the server
 * knows no such project (401), or the project does not allow the page's origin (403). Other
 * answers (a 5xx) say nothing about the setup and are not reported.
 */
export async function checkServer(deps: {
  api: Pick<ApiClient, 'projectOrigins' | 'answers'>
  serverUrl: string
  projectId: string
  report: SetupReport
}): Promise<void> {
  const { serverUrl, projectId, report } = deps
  const origin = globalThis.location?.origin ?? "this page's origin"
  try {
    await deps.api.projectOrigins()
  } catch (error) {
    if (error instanceof HttpStatusError) {
      if (error.status === 401)
        await report((problems) => problems.invalidProjectId(projectId, serverUrl))
      if (error.status === 403)
        await report((problems) => problems.originNotAllowed(origin, projectId, serverUrl))
      return
    }
    // A fetch that failed without an answer. In a browser that is also how a CORS refusal looks:
    // the server answered, but not to this origin, which no project lists.
    if (!(error instanceof TypeError)) return
    const answers = await deps.api.answers()
    await report((problems) =>
      answers
        ? problems.originNotAllowed(origin, projectId, serverUrl)
        : problems.serverUnreachable(serverUrl),
    )
  }
}
