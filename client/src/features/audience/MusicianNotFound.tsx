import { Link } from 'react-router';
import { messages } from '#shared/messages.ts';

export function MusicianNotFound() {
  return (
    <main className="centered-page">
      <div className="card empty-card">
        <h1>{messages.musicianNotFound}</h1>
        <p>{messages.musicianNotFoundDescription}</p>
        <Link className="button button-secondary" to="/">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
