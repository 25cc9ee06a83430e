import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global styles first, so each feature's own CSS comes after them and can refine them.
import './app/styles/base.css';
import './app/styles/components.css';
import { messages } from '#shared/messages.ts';
import { App } from './app/App.tsx';
import { liveWiring } from './app/live-wiring.ts';
import { initAuth, useAuthStore } from './lib/session/auth-store.ts';
import { connectSession } from './lib/api-client.ts';
import { makeInstallable } from './lib/service-worker.ts';
import { connectLive } from './live/live-connection.ts';

initAuth();
connectSession({
  token: () => useAuthStore.getState().token,
  onUnauthorized: () => useAuthStore.getState().endSession(messages.sessionExpired),
});
connectLive(liveWiring);
makeInstallable('app');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
