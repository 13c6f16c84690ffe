import { describe, expect, it } from 'vitest'
import { createStore } from '../store.ts'
import { createEmbeddedFrame, type FrameTheme } from './embeddedFrame.ts'
import { initialEmbeddedState } from './initialState.ts'
import { createTestFrame } from './testFrame.ts'
import { defaultTimers } from './types.ts'

function setup() {
  const client = createTestFrame({ SYNC_THEME: () => ({}), SYNC_DAPP_DATA: () => ({}) })
  const listeners = new Set<() => void>()
  const theme: FrameTheme = {
    themeMode: 'light',
    themeVariables: { '--latch-radius': 8 } as FrameTheme['themeVariables'],
    locale: 'fr',
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const store = createStore(initialEmbeddedState())
  const frames = createEmbeddedFrame({
    frameUrl: 'http://frame.test',
    projectId: 'latch-dev',
    alerts: { raise: () => {} },
    createFrame: async () => client,
    theme,
    metadata: { name: 'Shop', description: '', url: 'https://shop.test', icons: [] },
    store,
    timers: defaultTimers,
  })
  const changed = () => {
    for (const listener of listeners) listener()
  }
  const sent = (name: string) => client.requests.filter((request) => request.name === name)
  return { frames, theme, changed, sent, store }
}

describe('createEmbeddedFrame', () => {
  it('tells the frame the theme, language and site once, and a theme change at once', async () => {
    const { frames, theme, changed, sent, store } = setup()
    await frames.frame()
    await frames.frame()
    expect(store.get().frame).toBe('ready')
    expect(sent('SYNC_THEME').map((request) => request.payload)).toEqual([
      { themeMode: 'light', themeVariables: { '--latch-radius': '8' }, locale: 'fr' },
    ])
    expect(sent('SYNC_DAPP_DATA').map((request) => request.payload)).toEqual([
      { name: 'Shop', url: 'https://shop.test' },
    ])
    theme.themeMode = 'dark'
    changed()
    expect(sent('SYNC_THEME')).toHaveLength(2)
  })

  it('tells them again after a resync', async () => {
    const { frames, sent } = setup()
    await frames.frame()
    frames.resync()
    await frames.frame()
    expect(sent('SYNC_THEME')).toHaveLength(2)
    expect(sent('SYNC_DAPP_DATA')).toHaveLength(2)
  })
})
