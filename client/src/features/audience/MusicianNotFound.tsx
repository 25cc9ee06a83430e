import { messages } from '#shared/messages.ts';

export function MusicianNotFound() {
  return (
    <main className="centered-page">
      <div className="card empty-card">
        <h1>{messages.musicianNotFound}</h1>
        <p>{messages.musicianNotFoundDescription}</p>
        {/* A plain link: the audience page runs without a router. */}
        <a className="button button-secondary" href="/">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
