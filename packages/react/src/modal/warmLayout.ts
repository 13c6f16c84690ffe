/**
 * Lays a hidden element out once, invisibly and within one task (never painted), so that when it
 * is first shown its styles, fonts and layout are already resolved and the showing fits a frame.
 */
export function warmLayout(element: HTMLElement): void {
  const inline = element.style.cssText
  element.style.removeProperty('display')
  element.style.setProperty('visibility', 'hidden', 'important')
  void element.offsetHeight
  element.style.cssText = inline
}
