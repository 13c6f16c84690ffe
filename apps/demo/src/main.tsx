import { createLatch } from '@latch/core'
import { LatchProvider } from '@latch/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { demoConfig } from './config.ts'
import './styles.css'

const latch = createLatch({ projectId: demoConfig.projectId, serverUrl: demoConfig.serverUrl })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <LatchProvider latch={latch}>
      <App />
    </LatchProvider>
  </StrictMode>,
)
