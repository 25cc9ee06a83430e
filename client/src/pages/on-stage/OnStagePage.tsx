import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { messages } from '#shared/messages.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';
import { OnStageScreen } from './OnStageScreen.tsx';

/**
 * /on-stage/:slug. The queue holds requesters' emails, so only the signed-in musician whose
 * slug this is may open it; anyone else gets the sign-in prompt, or a link to their own screen.
 */
export function OnStagePage() {
  const { slug = '' } = useParams();
  const token = useAuthStore((s) => s.token);
  const musician = useAuthStore((s) => s.musician);
  const setMusician = useAuthStore((s) => s.setMusician);
  const [checked, setChecked] = useState(false);

  // The stored profile may be stale (slug changed on another device).
  useEffect(() => {
    if (!token) return;
    profileApi
      .get()
      .then(setMusician, () => {})
      .finally(() => setChecked(true));
  }, [token, setMusician]);

  if (!token || !musician) return <SignInPrompt />;
  if (musician.slug !== slug.toLowerCase()) {
    if (!checked) {
      return (
        <main className="centered-page">
          <LoadingState label="Loading…" />
        </main>
      );
    }
    return <OtherMusicianScreen ownSlug={musician.slug} />;
  }
  return <OnStageScreen musician={musician} />;
}

/** Signing in from here comes back here (the landing page honours a same-origin ?next=). */
function SignInPrompt() {
  const { pathname } = useLocation();
  return (
    <main className="centered-page">
      <div className="card empty-card">
        <h1>On Stage</h1>
        <p>{messages.loginRequired} The On Stage screen shows your requests once you sign in.</p>
        <Link className="button button-primary" to={`/?next=${encodeURIComponent(pathname)}`}>
          Sign in
        </Link>
      </div>
    </main>
  );
}

/** Signed in, but on another musician's address (an old bookmark, a shared link). */
function OtherMusicianScreen({ ownSlug }: { ownSlug: string }) {
  return (
    <main className="centered-page">
      <div className="card empty-card">
        <h1>{messages.onStageOtherMusician}</h1>
        <p>{messages.onStageOtherMusicianHint}</p>
        <Link className="button button-primary" to={`/on-stage/${ownSlug}`}>
          Open your On Stage screen
        </Link>
      </div>
    </main>
  );
}
