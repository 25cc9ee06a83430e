import { useAudience } from './audience-store.ts';

/** The musician's page is paused (access check denied): the server's message, nothing else. */
export function PausedPage() {
  const message = useAudience((s) => s.pausedMessage);
  return (
    <main className="centered-page">
      <div className="card empty-card">
        <h1 className="paused-title">{message}</h1>
      </div>
    </main>
  );
}
