import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The stream overlay's own entry (overlay.html, served for /overlay/:slug): a browser source in
// streaming software loads only this page, without the app's router, session or socket.
import { OverlayPage } from './features/feed/OverlayPage.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('overlay.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <OverlayPage />
  </StrictMode>,
);
