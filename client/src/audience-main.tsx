import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The audience page's own entry (audience.html, served for /musician/:slug): React DOM, the global
// styles and the page, nothing else. No router, no session, no musician socket: a phone on venue
// wifi downloads only what this page shows.
import './app/styles/base.css';
import './app/styles/components.css';
import { AudiencePage } from './features/audience/AudiencePage.tsx';
import { useAudienceStore } from './features/audience/audience-store.ts';
import { makeInstallable, onFirstControl } from './lib/service-worker.ts';

makeInstallable('audience');
// The first visit's reads went past the worker: read them again through it, for offline.
onFirstControl(() => void useAudienceStore.getState().refresh());

const root = document.getElementById('root');
if (!root) throw new Error('audience.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AudiencePage />
  </StrictMode>,
);
