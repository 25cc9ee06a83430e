import { useState } from 'react';
import { AuthPanel } from '#client/features/auth/AuthPanel.tsx';
import { FounderStory, HowItWorks, SubscriptionNote } from './LandingSections.tsx';
import { SupportModal } from './SupportModal.tsx';
import './landing.css';

export function LandingPage() {
  const [supportOpen, setSupportOpen] = useState(false);

  return (
    <div className="landing">
      <header className="site-header">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            ♪
          </span>
          Song Requests
        </span>
        <button type="button" className="button button-ghost" onClick={() => setSupportOpen(true)}>
          Support the project
        </button>
      </header>

      <main>
        <div className="landing-hero">
          <div className="hero-copy">
            <h1>Take song requests from the crowd, right from the stage.</h1>
            <p className="lead">
              Your audience opens your page on their phone, picks a song from your list and sends
              the request, with a dedication or a tip if they like. You see it on stage and play it.
            </p>
            <p className="muted">No app to install, for you or for them.</p>
          </div>
          <AuthPanel />
        </div>

        <HowItWorks />
        <FounderStory />
        <SubscriptionNote onSupport={() => setSupportOpen(true)} />
      </main>

      <footer className="site-footer">
        <p>Song Requests: made for performing musicians.</p>
      </footer>

      <SupportModal open={supportOpen} onClose={() => setSupportOpen(false)} />
    </div>
  );
}
