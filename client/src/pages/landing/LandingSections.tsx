export function HowItWorks() {
  return (
    <section className="landing-section" aria-labelledby="how-title">
      <h2 id="how-title">How it works</h2>
      <ol className="steps">
        <li>
          <strong>Add your songs.</strong> Build the list of songs you can play tonight.
        </li>
        <li>
          <strong>Share your link.</strong> Put your audience page link on a sign, a screen or your
          socials.
        </li>
        <li>
          <strong>Play the requests.</strong> Requests arrive on your phone or tablet while you
          perform.
        </li>
      </ol>
    </section>
  );
}

export function FounderStory() {
  return (
    <section className="landing-section" aria-labelledby="story-title">
      <h2 id="story-title">Why we built it</h2>
      <p>
        It started at a bar gig. Requests came in on napkins, shouted between songs, or not at all
        because people were too shy to walk up. Tips went into a jar that most of the room never
        noticed.
      </p>
      <p>
        Song Requests is the tool we wanted that night: one link the audience can open in seconds,
        and one screen that keeps the musician in charge of the set.
      </p>
    </section>
  );
}

interface SubscriptionNoteProps {
  onSupport(): void;
}

export function SubscriptionNote({ onSupport }: SubscriptionNoteProps) {
  return (
    <section className="landing-section" aria-labelledby="pricing-title">
      <h2 id="pricing-title">Free while we build it</h2>
      <p>
        Billing is switched off: every feature is free right now, with no card needed. When we
        introduce a subscription, the plan we have in mind is:
      </p>
      <ul className="price-list">
        <li>
          <strong>$15</strong> one-time startup fee
        </li>
        <li>
          <strong>$4/month</strong> if paid annually
        </li>
        <li>
          <strong>$10/month</strong> if paid monthly
        </li>
      </ul>
      <p className="muted">
        Your dashboard, songs, request history and analytics stay free either way.
      </p>
      <button type="button" className="button button-secondary" onClick={onSupport}>
        Support the project
      </button>
    </section>
  );
}
