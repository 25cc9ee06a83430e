import { Link } from 'react-router';
import { messages } from '#shared/messages.ts';

/** An address the app does not know: say so, rather than quietly landing somewhere else. */
export function NotFoundPage() {
  return (
    <main className="centered-page">
      <div className="card empty-card">
        <h1>{messages.pageNotFound}</h1>
        <p>{messages.notFoundRoute}</p>
        <Link className="button button-primary" to="/">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
