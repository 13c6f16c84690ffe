import { APPROVAL_CLICK_DELAY_MS } from '../constants.ts'
import { ENGLISH_WORDS, type ScreenWords } from '../i18n/screenLanguage.ts'
import { isApprovalClickAccepted } from './clickGuard.ts'
import { describeApproval } from './describeApproval.ts'
import type {
  ApprovalDecision,
  ApprovalRequest,
  ApprovalScreen,
  DetailRow,
  DetailSection,
} from './types.ts'

/** The id of the shown screen's title, which names its scrolling details (one screen at a time). */
const TITLE_ID = 'latch-approve-title'

/** Who is asking, as the screen shows it: the origin is the browser's word, the name the site's. */
export type RequestingSite = { origin: string; name: string | undefined }

/**
 * The approval screen in `root`, built with textContent only (no HTML from the request is ever
 * parsed). `onShown` runs once a request is drawn; `redraw` draws what is shown again in the
 * language the screen speaks now (the kit's chunk may arrive after the request).
 */
export function createApprovalScreen(
  root: HTMLElement,
  options: {
    site: () => RequestingSite
    onShown: (request: { id: string; method: string }) => void
    /** The screen's words in the language it speaks now; English by default. */
    words?: () => ScreenWords
  },
): ApprovalScreen & { redraw(): void } {
  let screen: HTMLElement | undefined
  // What is on screen, to draw again in another language.
  let drawn:
    | { kind: 'request'; request: ApprovalRequest; decide: (decision: ApprovalDecision) => void }
    | { kind: 'preparing'; decide: (decision: ApprovalDecision) => void }
    | undefined
  const words = () => options.words?.() ?? ENGLISH_WORDS
  const text = (key: string) => words().text(key)

  /**
   * Puts `section` on screen. Its buttons take clicks that pass the guard, and come alive after the
   * click delay (Approve only when `canApprove`).
   */
  function draw(
    section: HTMLElement,
    buttons: { reject: HTMLButtonElement; approve: HTMLButtonElement; canApprove: boolean },
    decide: (decision: ApprovalDecision) => void,
  ): void {
    const { reject, approve, canApprove } = buttons
    const state = section.dataset.state
    screen = section
    root.replaceChildren(section)
    const shownAt = performance.now()
    const onClick = (event: MouseEvent) => {
      const target = event.currentTarget as HTMLButtonElement
      if (!isApprovalClickAccepted({ isTrusted: event.isTrusted, at: performance.now() }, shownAt))
        return
      decide(target.dataset.action as ApprovalDecision)
    }
    reject.addEventListener('click', onClick)
    approve.addEventListener('click', onClick)
    // Greyed out until clicks count, so the user (and a test) sees when the buttons are live.
    reject.disabled = true
    approve.disabled = true
    setTimeout(() => {
      if (screen !== section || section.dataset.state !== state) return
      reject.disabled = false
      approve.disabled = !canApprove
    }, APPROVAL_CLICK_DELAY_MS)
  }

  function drawRequest(request: ApprovalRequest, decide: (decision: ApprovalDecision) => void) {
    drawn = { kind: 'request', request, decide }
    const view = describeApproval(request, words())
    const title = text(view.title)
    const site = options.site()
    const section = element('section', 'approve')
    section.dataset.testid = 'latch-approve'
    section.dataset.state = 'waiting'
    section.dataset.method = request.method
    section.setAttribute('role', 'dialog')
    section.setAttribute('aria-label', title)

    const head = element('header', 'approve-head')
    const heading = element('h1', 'approve-title', title)
    heading.id = TITLE_ID
    head.append(heading, siteBlock(site, text))
    const body = element('div', 'approve-body')
    // The details may run longer than the frame: a keyboard user reaches them with Tab and
    // scrolls them with the arrows, as a pointer user scrolls them with the wheel.
    body.tabIndex = 0
    body.setAttribute('role', 'region')
    body.setAttribute('aria-labelledby', TITLE_ID)
    for (const detail of view.sections) body.append(sectionBlock(detail))
    const account = element('div', 'approve-account')
    account.append(element('span', 'approve-label', text('account')))
    account.append(element('span', 'approve-mono', request.account))

    const actions = element('footer', 'approve-actions')
    // A request that cannot go through can only be closed: the app is told why.
    const reject = button(text(request.refusal ? 'close' : 'reject'), 'reject')
    const approve = button(text('approve'), 'approve')
    approve.classList.add('approve-primary')
    actions.append(reject, approve)

    section.append(head, body, account)
    if (view.warning) {
      const warning = element('p', 'approve-warning', view.warning)
      warning.setAttribute('role', 'alert')
      warning.dataset.testid = 'latch-approve-warning'
      section.append(warning)
    }
    section.append(actions)
    draw(section, { reject, approve, canApprove: request.refusal === undefined }, decide)
  }

  function drawPreparing(decide: (decision: ApprovalDecision) => void) {
    drawn = { kind: 'preparing', decide }
    const section = element('section', 'approve')
    section.dataset.testid = 'latch-approve'
    section.dataset.state = 'preparing'
    section.setAttribute('role', 'dialog')
    section.setAttribute('aria-label', text('preparing'))
    section.setAttribute('aria-busy', 'true')
    const head = element('header', 'approve-head')
    head.append(element('h1', 'approve-title', text('preparing')), siteBlock(options.site(), text))
    const actions = element('footer', 'approve-actions')
    const reject = button(text('reject'), 'reject')
    // Nothing to approve before its cost is known and checked against the balance.
    const approve = button(text('approve'), 'approve')
    approve.classList.add('approve-primary')
    actions.append(reject, approve)
    section.append(head, actions)
    draw(section, { reject, approve, canApprove: false }, decide)
  }

  return {
    show(request, decide) {
      drawRequest(request, decide)
      options.onShown({ id: request.id, method: request.method })
    },
    showPreparing: drawPreparing,
    redraw() {
      // A request being approved keeps its screen: its buttons are off and its call runs.
      if (!screen || screen.dataset.state === 'approving' || !drawn) return
      if (drawn.kind === 'request') drawRequest(drawn.request, drawn.decide)
      else drawPreparing(drawn.decide)
    },
    showApproving() {
      if (!screen) return
      screen.dataset.state = 'approving'
      for (const control of screen.querySelectorAll('button')) control.disabled = true
      const approve = screen.querySelector<HTMLButtonElement>('[data-action="approve"]')
      if (approve) approve.textContent = text('approving')
    },
    hide() {
      screen?.remove()
      screen = undefined
      drawn = undefined
    },
  }
}

function siteBlock(site: RequestingSite, text: (key: string) => string): HTMLElement {
  const block = element('div', 'approve-site')
  if (site.name) block.append(element('span', 'approve-site-name', site.name))
  const origin = element('span', 'approve-origin', site.origin)
  origin.dataset.testid = 'latch-approve-origin'
  origin.title = text('originHint')
  block.append(origin)
  return block
}

function sectionBlock(detail: DetailSection): HTMLElement {
  const block = element('div', 'approve-section')
  if (detail.heading) block.append(element('h2', 'approve-heading', detail.heading))
  if (detail.block) {
    const text = element('pre', detail.block.mono ? 'approve-text approve-mono' : 'approve-text')
    text.textContent = detail.block.text
    block.append(text)
  }
  if (detail.rows && detail.rows.length > 0) {
    const list = element('dl', 'approve-rows')
    for (const row of detail.rows) list.append(rowBlock(row))
    block.append(list)
  }
  return block
}

function rowBlock(row: DetailRow): HTMLElement {
  // Addresses and hex do not fit beside their label: they get the full width below it.
  const line = element('div', row.mono ? 'approve-row approve-row-stacked' : 'approve-row')
  line.append(
    element('dt', 'approve-label', row.label),
    element('dd', row.mono ? 'approve-value approve-mono' : 'approve-value', row.value),
  )
  return line
}

function button(label: string, action: ApprovalDecision): HTMLButtonElement {
  const control = element('button', 'approve-button', label)
  control.type = 'button'
  control.dataset.action = action
  return control
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  node.className = className
  if (text !== undefined) node.textContent = text
  return node
}
