import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The venue screen's own entry (screen.html, served for /screen/:slug): a TV or projector loads
// React, the global styles and the screen, nothing else. No router, no session, no musician
// socket. screen.html links its manifest (no start_url: an installed screen opens where it was
// installed from, /screen/{slug}).
import './app/styles/base.css';
import { VenueScreenApp } from './app/VenueScreenApp.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('screen.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <VenueScreenApp />
  </StrictMode>,
);
