/**
 * The page's profile and design, refetched when it goes live or comes back, against the pushes
 * that arrive meanwhile: a refetch that answers after a push answers with what the server held
 * before it, and must not undo it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DESIGN } from '#shared/audience-constants.ts';
import type { DesignSettings } from '#shared/schemas/audience.ts';
import type { PublicMusician } from '#shared/schemas/musician.ts';
import { holdAnswers } from '#client-test/held-fetch.ts';
import { useAudienceStore } from './audience-store.ts';

const musician = (requests_enabled: boolean) =>
  ({ id: 'm-1', slug: 'band', name: 'The Band', requests_enabled }) as PublicMusician;
const design = (musician_name: string): DesignSettings => ({
  ...DEFAULT_DESIGN,
  musician_name,
  bio: '',
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAudienceStore.setState(useAudienceStore.getInitialState(), true);
});

describe('the audience page going live', () => {
  it('keeps requests off when the push saying so overtakes the refetch of the profile', async () => {
    const answer = holdAnswers();
    useAudienceStore.setState({ slug: 'band', musician: musician(true) });
    const refreshed = useAudienceStore.getState().refreshProfile();
    // The musician turns requests off: the push arrives before the refetch's answer, which the
    // server read before the change.
    useAudienceStore.getState().applyPageChange({ kind: 'profile', musician: musician(false) });
    await answer('/musicians/band', musician(true));
    await refreshed;
    expect(useAudienceStore.getState().musician?.requests_enabled).toBe(false);
  });

  it('takes the refetched profile when no push came meanwhile', async () => {
    const answer = holdAnswers();
    useAudienceStore.setState({ slug: 'band', musician: musician(true) });
    const refreshed = useAudienceStore.getState().refreshProfile();
    await answer('/musicians/band', musician(false));
    await refreshed;
    expect(useAudienceStore.getState().musician?.requests_enabled).toBe(false);
  });

  it('after a disconnection, keeps a pushed design and takes the refetched profile', async () => {
    const answer = holdAnswers();
    useAudienceStore.setState({ slug: 'band', musician: musician(true), design: design('Old') });
    const refreshed = useAudienceStore.getState().refresh();
    useAudienceStore.getState().applyPageChange({ kind: 'design', design: design('New') });
    await answer('/musicians/band/design', design('Old'));
    await answer('/musicians/band', musician(false));
    await answer('/musicians/band/songs', []);
    await refreshed;
    const { design: shown, musician: profile } = useAudienceStore.getState();
    expect(shown.musician_name).toBe('New');
    expect(profile?.requests_enabled).toBe(false);
  });
});
