import { messages } from '#shared/messages.ts';

interface LoadFailedProps {
  onRetry(): void;
}

export function LoadFailed({ onRetry }: LoadFailedProps) {
  return (
    <main className="centered-page">
      <div className="card empty-card" role="alert">
        <p>{messages.pageLoadFailed}</p>
        <button type="button" className="button button-primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </main>
  );
}
