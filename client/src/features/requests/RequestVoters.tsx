import type { RequestVoter } from '#shared/schemas/request.ts';
import { tipLabel } from './request-views.ts';
import './request-voters.css';

/** '×3' when three people asked for the song while it waited (merged into one request). */
export function RequestVotes({ votes = 1 }: { votes?: number | undefined }) {
  if (votes <= 1) return null;
  return (
    <span className="request-votes" title={`${votes} people asked for this song`}>
      <span aria-hidden="true">×{votes}</span>
      <span className="visually-hidden">, asked by {votes} people</span>
    </span>
  );
}

/** The others who asked, with their own dedications and tips, on expand. */
export function RequestVoters({ voters = [] }: { voters?: readonly RequestVoter[] | undefined }) {
  if (voters.length === 0) return null;
  const names = voters.map((voter) => voter.requester_name).join(', ');
  return (
    <details className="request-voters">
      <summary>Also asked by {names}</summary>
      <ul>
        {voters.map((voter) => {
          const tip = tipLabel(voter.tip_amount);
          return (
            <li key={`${voter.created_at}-${voter.requester_name}`}>
              <span className="voter-name">{voter.requester_name}</span>
              {voter.dedication && <span className="voter-dedication"> “{voter.dedication}”</span>}
              {tip && <span className="muted"> · Tip: {tip}</span>}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
