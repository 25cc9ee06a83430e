import type { Musician } from '#shared/schemas/musician.ts';
import { AudienceLink } from './AudienceLink.tsx';

interface ProfileTabProps {
  musician: Musician;
}

export function ProfileTab({ musician }: ProfileTabProps) {
  return (
    <div className="stack">
      <AudienceLink slug={musician.slug} />
      <section className="card" aria-labelledby="profile-settings-title">
        <h3 id="profile-settings-title">Profile settings</h3>
        <dl className="details">
          <dt>Stage name</dt>
          <dd>{musician.name}</dd>
          <dt>Email</dt>
          <dd>{musician.email}</dd>
        </dl>
        <p className="coming-soon">Editing your profile, email and password is coming soon.</p>
      </section>
    </div>
  );
}
