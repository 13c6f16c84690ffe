import { createContext, useContext } from 'react'

/** What a view may ask of the modal around it. */
export const ModalContext = createContext<{ shake(): void }>({ shake: () => {} })

export const useModalEffects = () => useContext(ModalContext)
