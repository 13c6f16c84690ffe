// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { onArrowKeys } from './arrowKeys.ts'

function Tabs() {
  const [selected, setSelected] = useState('One')
  return (
    <div role="tablist" aria-label="Numbers" onKeyDown={onArrowKeys}>
      {['One', 'Two', 'Three'].map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={selected === name}
          tabIndex={selected === name ? 0 : -1}
          onClick={() => setSelected(name)}
        >
          {name}
        </button>
      ))}
    </div>
  )
}

const selected = () => screen.getByRole('tab', { selected: true }).textContent

describe('onArrowKeys', () => {
  afterEach(cleanup)

  it('moves focus and the choice with the arrows, wrapping, and with Home and End', async () => {
    const user = userEvent.setup()
    render(<Tabs />)
    await user.tab()
    expect(document.activeElement?.textContent).toBe('One')
    await user.keyboard('{ArrowRight}')
    expect(selected()).toBe('Two')
    expect(document.activeElement?.textContent).toBe('Two')
    await user.keyboard('{ArrowDown}{ArrowRight}')
    expect(selected()).toBe('One')
    await user.keyboard('{ArrowLeft}')
    expect(selected()).toBe('Three')
    await user.keyboard('{Home}')
    expect(selected()).toBe('One')
    await user.keyboard('{End}')
    expect(selected()).toBe('Three')
    // One Tab stop: Tab leaves the list instead of walking its tabs.
    await user.tab()
    expect(document.activeElement).toBe(document.body)
  })

  it('right to left, Left goes to the next tab and Right to the previous; Up and Down as before', async () => {
    const user = userEvent.setup()
    // The direction is set on an ancestor, as the modal sets it for Arabic.
    render(
      <div dir="rtl">
        <Tabs />
      </div>,
    )
    await user.tab()
    await user.keyboard('{ArrowLeft}')
    expect(selected()).toBe('Two')
    expect(document.activeElement?.textContent).toBe('Two')
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(selected()).toBe('One')
    await user.keyboard('{ArrowRight}')
    expect(selected()).toBe('Three')
    await user.keyboard('{ArrowDown}')
    expect(selected()).toBe('One')
    await user.keyboard('{ArrowUp}')
    expect(selected()).toBe('Three')
  })
})
