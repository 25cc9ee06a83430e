import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PAIRING_CODE_INPUT_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PLAYLIST_URL_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SONG_FIELD_MAX_LENGTH,
  TAG_MAX_LENGTH,
  TAGS_MAX_COUNT,
  TEXT_MAX_LENGTH,
  YEAR_MAX,
} from '#shared/limits.ts';
import { PLAYLIST_NAME_MAX_LENGTH, type PlaylistSummary } from '#shared/schemas/playlist.ts';
import { SHOW_VENUE_MAX_LENGTH } from '#shared/schemas/show.ts';
import { AuthPanel } from '#client/features/auth/AuthPanel.tsx';
import { ContactForm } from '#client/features/contact/ContactForm.tsx';
import { AddToPlaylistModal } from '#client/features/playlists/AddToPlaylistModal.tsx';
import type { PlaylistActions } from '#client/features/playlists/playlist-actions.ts';
import { PlaylistManagerModal } from '#client/features/playlists/PlaylistManagerModal.tsx';
import { RenameForm } from '#client/features/playlists/PlaylistRow.tsx';
import { ChangeEmailForm } from '#client/features/profile/ChangeEmailForm.tsx';
import { ChangePasswordForm } from '#client/features/profile/ChangePasswordForm.tsx';
import { AboutFields } from '#client/features/profile/AboutFields.tsx';
import { PaymentFields } from '#client/features/profile/PaymentFields.tsx';
import { SocialFields } from '#client/features/profile/SocialFields.tsx';
import { useProfileForm } from '#client/features/profile/use-profile-form.ts';
import { EMPTY_VENUE, VenueFields } from '#client/features/shows/VenueFields.tsx';
import { BatchEditModal } from '#client/features/songs/BatchEditModal.tsx';
import { PlaylistImportPanel } from '#client/features/songs/PlaylistImportPanel.tsx';
import { SongForm } from '#client/features/songs/SongForm.tsx';
import { DURATION_INPUT_MAX_LENGTH, EMPTY_SONG_FORM } from '#client/features/songs/song-form.ts';
import type { SongActions } from '#client/features/songs/use-song-actions.ts';
import { StagePairPage } from '#client/features/stage-devices/StagePairPage.tsx';
import { makeMusician } from '#client-test/musician-factory.ts';
import { renderedTextFields } from '#client-test/rendered-text-fields.ts';

// The site config store reads the page's origin when it is created.
vi.hoisted(() => {
  vi.stubGlobal('window', { location: { origin: 'https://songs.example' } });
});

/** Every field of the Profile tab's settings sections (shown one section at a time there). */
function AllProfileFields() {
  const musician = makeMusician();
  const form = useProfileForm(musician);
  return (
    <>
      <AboutFields form={form} musician={musician} />
      <PaymentFields bind={form.bind} />
      <SocialFields bind={form.bind} />
    </>
  );
}

const noop = () => {};
const playlistActions = {} as PlaylistActions;
const songActions = {} as SongActions;
const playlist: PlaylistSummary = {
  id: 'p1',
  name: 'Late Set',
  is_active: false,
  is_public: true,
  song_count: 0,
  song_ids: [],
};
/** Genres and moods of the batch edit are typed as "a, b, c": every tag at its longest. */
const TAG_LIST = TAGS_MAX_COUNT * (TAG_MAX_LENGTH + 2);
/** A year is typed as four digits. */
const YEAR_DIGITS = String(YEAR_MAX).length;

interface FormCase {
  form: string;
  render(): ReactElement;
  /** Every editable text field of the form, by its label, with the server's limit for it. */
  limits: Record<string, number>;
}

const FORMS: FormCase[] = [
  {
    form: 'sign in',
    render: () => (
      <MemoryRouter>
        <AuthPanel />
      </MemoryRouter>
    ),
    limits: { 'Email Address': EMAIL_MAX_LENGTH, Password: PASSWORD_MAX_LENGTH },
  },
  {
    form: 'register',
    render: () => (
      <MemoryRouter>
        <AuthPanel initialView="register" />
      </MemoryRouter>
    ),
    limits: {
      'Your Stage Name': NAME_MAX_LENGTH,
      'Email Address': EMAIL_MAX_LENGTH,
      Password: PASSWORD_MAX_LENGTH,
    },
  },
  {
    form: 'forgot password',
    render: () => (
      <MemoryRouter>
        <AuthPanel initialView="forgot" />
      </MemoryRouter>
    ),
    limits: { 'Email Address': EMAIL_MAX_LENGTH },
  },
  {
    form: 'profile settings',
    render: () => (
      <MemoryRouter>
        <AllProfileFields />
      </MemoryRouter>
    ),
    limits: {
      'Stage Name': NAME_MAX_LENGTH,
      Bio: TEXT_MAX_LENGTH,
      Website: SHORT_TEXT_MAX_LENGTH,
      'Link name (slug)': SLUG_MAX_LENGTH,
      'Venmo username (without @)': SHORT_TEXT_MAX_LENGTH,
      'PayPal username (without @)': SHORT_TEXT_MAX_LENGTH,
      'Cash App username (without $)': SHORT_TEXT_MAX_LENGTH,
      'Zelle email': SHORT_TEXT_MAX_LENGTH,
      'or Zelle phone': SHORT_TEXT_MAX_LENGTH,
      'Instagram username (without @)': SHORT_TEXT_MAX_LENGTH,
      'Facebook username or page': SHORT_TEXT_MAX_LENGTH,
      'TikTok username (without @)': SHORT_TEXT_MAX_LENGTH,
      'Spotify artist link': SHORT_TEXT_MAX_LENGTH,
      'Apple Music artist link': SHORT_TEXT_MAX_LENGTH,
    },
  },
  {
    form: 'change email',
    render: () => <ChangeEmailForm currentEmail="ann@example.com" onDone={noop} onCancel={noop} />,
    limits: {
      'New Email': EMAIL_MAX_LENGTH,
      'Confirm New Email': EMAIL_MAX_LENGTH,
      'Current Password': PASSWORD_MAX_LENGTH,
    },
  },
  {
    form: 'change password',
    render: () => <ChangePasswordForm onDone={noop} onCancel={noop} />,
    limits: {
      'Current Password': PASSWORD_MAX_LENGTH,
      'New Password': PASSWORD_MAX_LENGTH,
      'Confirm New Password': PASSWORD_MAX_LENGTH,
    },
  },
  {
    form: 'manage playlists',
    render: () => (
      <PlaylistManagerModal
        open
        actions={playlistActions}
        onEdit={noop}
        onDelete={noop}
        onClose={noop}
      />
    ),
    limits: { 'New playlist name': PLAYLIST_NAME_MAX_LENGTH },
  },
  {
    form: 'rename playlist',
    render: () => <RenameForm playlist={playlist} actions={playlistActions} onDone={noop} />,
    limits: { 'New name for Late Set': PLAYLIST_NAME_MAX_LENGTH },
  },
  {
    form: 'add songs to a new playlist',
    render: () => (
      <AddToPlaylistModal
        open
        songIds={new Set(['s1'])}
        notify={noop}
        onAdded={noop}
        onClose={noop}
      />
    ),
    limits: { 'Playlist name': PLAYLIST_NAME_MAX_LENGTH },
  },
  {
    form: 'song',
    render: () => (
      <SongForm
        initial={EMPTY_SONG_FORM}
        submitLabel="Save"
        onSubmit={() => Promise.resolve(null)}
        onCancel={noop}
      />
    ),
    limits: {
      Title: SONG_FIELD_MAX_LENGTH,
      Artist: SONG_FIELD_MAX_LENGTH,
      Genres: TAG_MAX_LENGTH,
      Moods: TAG_MAX_LENGTH,
      Year: YEAR_DIGITS,
      Length: DURATION_INPUT_MAX_LENGTH,
      Notes: TEXT_MAX_LENGTH,
      Songwriter: SONG_FIELD_MAX_LENGTH,
    },
  },
  {
    form: 'songs batch edit',
    render: () => <BatchEditModal open actions={songActions} onClose={noop} />,
    limits: {
      Artist: SONG_FIELD_MAX_LENGTH,
      Genres: TAG_LIST,
      Moods: TAG_LIST,
      Year: YEAR_DIGITS,
      Notes: TEXT_MAX_LENGTH,
    },
  },
  {
    form: 'playlist import',
    render: () => <PlaylistImportPanel onClose={noop} />,
    limits: { 'Playlist URL': PLAYLIST_URL_MAX_LENGTH },
  },
  {
    form: 'show venue',
    render: () => <VenueFields values={EMPTY_VENUE} onChange={noop} />,
    limits: {
      'Venue name (optional)': SHOW_VENUE_MAX_LENGTH,
      'Venue address (optional)': SHORT_TEXT_MAX_LENGTH,
    },
  },
  {
    form: 'contact',
    render: () => <ContactForm name="Ann" email="ann@example.com" />,
    limits: {
      Name: NAME_MAX_LENGTH,
      Email: EMAIL_MAX_LENGTH,
      Message: CONTACT_MESSAGE_MAX_LENGTH,
    },
  },
  {
    form: 'stage device pairing',
    render: () => (
      <MemoryRouter initialEntries={['/stage/pair']}>
        <StagePairPage />
      </MemoryRouter>
    ),
    limits: { 'Pairing code': PAIRING_CODE_INPUT_MAX_LENGTH },
  },
];

describe('the maximum length of every text field', () => {
  it.each(FORMS)('$form: each field stops where the server does', ({ render, limits }) => {
    const fields = renderedTextFields(render());
    // Same labels, no field without a limit, and none listed twice.
    expect(Object.fromEntries(fields.map((field) => [field.label, field.maxLength]))).toEqual(
      limits,
    );
    expect(fields).toHaveLength(Object.keys(limits).length);
  });
});
