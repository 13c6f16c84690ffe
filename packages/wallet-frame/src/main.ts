import { pickLocale } from '@latch/protocol/i18n'
// The wallet frame page: runs on the frame origin inside the kit's hidden iframe. It answers the
// parent site's requests (frame.ts protocol), keeps the session token on this origin, and draws
// the approval screen for every call that signs or spends.

import {
  FRAME_PARENT_ORIGINS_META,
  type FrameEventName,
  type FrameEvents,
  type FrameReply,
} from '@latch/protocol/frame'
import { createWalletApi } from './api/walletApi.ts'
import { applyTheme } from './approval/applyTheme.ts'
import { createApprovalQueue } from './approval/approvalQueue.ts'
import { createApprovalScreen } from './approval/renderApproval.ts'
import type { FrameContext } from './handlers/context.ts'
import { createHandlers } from './handlers/createHandlers.ts'
import { dispatch } from './handlers/dispatch.ts'
import { createScreenLanguage } from './i18n/screenLanguage.ts'
import { acceptAppMessage } from './messages/acceptMessage.ts'
import { isListedParent, listedParentOrigins } from './messages/listedParents.ts'
import { resolveParentOrigin } from './messages/parentOrigin.ts'
import { frameEvent } from './messages/replies.ts'
import { createFrameStore } from './state/frameStore.ts'
import { openStorage } from './state/openStorage.ts'

const root = document.getElementById('latch-frame') ?? document.body
const framed = window.parent !== window
const parentOrigin = resolveParentOrigin({
  framed,
  ancestorOrigins: location.ancestorOrigins,
  referrer: document.referrer,
})

const listedParents = listedParentOrigins(
  document.querySelector(`meta[name="${FRAME_PARENT_ORIGINS_META}"]`)?.getAttribute('content'),
)

if (!framed) {
  notice('This page is the Latch embedded wallet. It works only inside a site that embeds it.')
} else if (parentOrigin === null) {
  // Without the parent's origin no reply can be addressed safely, so the frame stays silent.
  console.warn('[latch-frame] the embedding origin is unknown; not answering')
} else if (!isListedParent(parentOrigin, listedParents)) {
  // Not a page of the project: it gets no user, no event, nothing, even if a browser let it embed.
  console.warn(`[latch-frame] ${parentOrigin} is not one of the project's origins; not answering`)
} else {
  start(parentOrigin)
}

function start(origin: string): void {
  const post = (message: FrameReply | ReturnType<typeof frameEvent>) =>
    window.parent.postMessage(message, origin)
  const emit = <N extends FrameEventName>(name: N, payload: FrameEvents[N]) =>
    post(frameEvent(name, payload))

  const store = createFrameStore(openStorage())
  applyTheme(store.theme())
  const dapp: FrameContext['dapp'] = { current: undefined }
  // The frame's own browser language until the kit passes the modal's.
  const language = createScreenLanguage(pickLocale(navigator.languages), document.documentElement)
  const screen = createApprovalScreen(root, {
    site: () => ({ origin, name: dapp.current?.name }),
    onShown: (request) => emit('APPROVAL_SHOWN', request),
    words: language.words,
  })
  // A request drawn before the kit's language arrived is drawn again in it.
  language.onChange(() => screen.redraw())
  const context: FrameContext = {
    api: createWalletApi((input, init) => fetch(input, init)),
    store,
    projectId: new URLSearchParams(location.search).get('projectId'),
    approvals: createApprovalQueue(screen),
    emit,
    applyTheme,
    dapp,
    setLocale: language.set,
    parentOrigin: origin,
  }
  const handlers = createHandlers(context, {
    supportsCss: (property, value) => CSS.supports(property, value),
  })

  window.addEventListener('message', (event) => {
    const request = acceptAppMessage(event, { source: window.parent, origin })
    if (request) void dispatch(request, handlers).then(post)
  })
  emit('READY', {})
}

function notice(text: string): void {
  const paragraph = document.createElement('p')
  paragraph.className = 'notice'
  paragraph.textContent = text
  root.replaceChildren(paragraph)
}
