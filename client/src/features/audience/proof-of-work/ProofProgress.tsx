import { useAudienceTranslation } from '../i18n/audience-i18n.ts';
import { useProofProgress } from './proof-progress-store.ts';

/**
 * A line at the foot of the screen while a write's proof of work has taken over a second: the
 * phone is working, not stuck. Most solves end before it would show.
 */
export function ProofProgress() {
  const { t } = useAudienceTranslation();
  const solving = useProofProgress((s) => s.solving);
  if (!solving) return null;
  return (
    <p className="proof-progress" role="status" data-testid="proof-progress">
      {t('proofSolving')}
    </p>
  );
}
