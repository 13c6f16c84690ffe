/** A controller whose code loads on first use instead of with the page. */
export type LoadsCode = {
  /** Loads the controller's code ahead of use; its views call it before they show. */
  loadCode(): Promise<void>
}
