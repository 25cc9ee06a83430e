import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The venue screen's own entry (screen.html, served for /screen/:slug): a TV or projector loads
// React, the global styles and the screen, nothing else. No router, no session, no musician
// socket. It links its musician's manifest (the server's, per slug), so the screen installs as
// an app that opens full screen on /screen/{slug}.
import './app/styles/base.css';
import { VenueScreenApp } from './app/VenueScreenApp.tsx';

const slug = /^\/screen\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
if (slug) {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `/api/musicians/${slug}/screen.webmanifest`;
  document.head.append(link);
}

const root = document.getElementById('root');
if (!root) throw new Error('screen.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <VenueScreenApp />
  </StrictMode>,
);
