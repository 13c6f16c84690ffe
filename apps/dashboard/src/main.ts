import type { DashboardProjectsResponse } from '@latch/protocol/dashboard'
import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_RANGES } from '@latch/protocol/dashboard-paths'
import { ApiError, api, displayMessage } from './api.ts'
import { loadBoard } from './board.ts'
import { el } from './dom.ts'

const byId = <Element extends HTMLElement>(id: string) => document.getElementById(id) as Element

const login = byId<HTMLFormElement>('login')
const loginError = byId<HTMLParagraphElement>('login-error')
const board = byId<HTMLDivElement>('board')
const controls = byId<HTMLDivElement>('controls')
const projectSelect = byId<HTMLSelectElement>('project')
const rangeSelect = byId<HTMLSelectElement>('range')

function showLogin(message = ''): void {
  controls.hidden = true
  board.hidden = true
  board.replaceChildren()
  login.hidden = false
  loginError.textContent = message
  byId<HTMLInputElement>('token').focus()
}

async function render(): Promise<void> {
  board.setAttribute('aria-busy', 'true')
  try {
    board.replaceChildren(await loadBoard(projectSelect.value, Number(rangeSelect.value)))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      return showLogin('Your session ended: log in again.')
    board.replaceChildren(el('p', { class: 'error', role: 'alert' }, displayMessage(error)))
  } finally {
    board.removeAttribute('aria-busy')
  }
}

/** After a login (or with a session from before): the project picker, the range, the board. */
async function showBoard(): Promise<void> {
  const { projects } = await api<DashboardProjectsResponse>('/projects')
  projectSelect.replaceChildren(
    ...projects.map((project) =>
      el('option', { value: project.id }, `${project.name} (${project.id})`),
    ),
  )
  login.hidden = true
  controls.hidden = false
  board.hidden = false
  if (projects.length === 0) {
    board.replaceChildren(el('p', { class: 'empty' }, 'No projects on this server yet.'))
    return
  }
  await render()
}

rangeSelect.replaceChildren(
  ...DASHBOARD_RANGES.map((days) => el('option', { value: String(days) }, `Last ${days} days`)),
)
rangeSelect.value = String(DASHBOARD_DEFAULT_DAYS)
projectSelect.addEventListener('change', () => void render())
rangeSelect.addEventListener('change', () => void render())

login.addEventListener('submit', async (event) => {
  event.preventDefault()
  const input = byId<HTMLInputElement>('token')
  loginError.textContent = ''
  try {
    await api('/login', { token: input.value })
    input.value = ''
    await showBoard()
  } catch (error) {
    loginError.textContent = displayMessage(error)
  }
})

byId<HTMLButtonElement>('logout').addEventListener('click', async () => {
  await api('/logout', {}).catch(() => undefined)
  showLogin()
})

// A session from an earlier visit opens the board at once; otherwise the login form.
api('/session').then(
  () => showBoard().catch((error: unknown) => showLogin(displayMessage(error))),
  (error: unknown) =>
    showLogin(error instanceof ApiError && error.status === 401 ? '' : displayMessage(error)),
)
