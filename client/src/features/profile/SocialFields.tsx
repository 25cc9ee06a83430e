import type { FormBinding } from './profile-form.ts';

import { TextField } from '#client/ui/TextField.tsx';

/** Where the audience follows the musician: social profiles and listening platforms. */
export function SocialFields({ bind }: { bind: FormBinding }) {
  return (
    <fieldset className="profile-section">
      <legend>Social and music links</legend>
      <TextField
        label="Instagram username (without @)"
        {...bind.text('instagram_username')}
        autoCapitalize="none"
      />
      <TextField
        label="Facebook username or page"
        {...bind.text('facebook_username')}
        autoCapitalize="none"
      />
      <TextField
        label="TikTok username (without @)"
        {...bind.text('tiktok_username')}
        autoCapitalize="none"
      />
      <TextField
        label="Spotify artist link"
        {...bind.text('spotify_artist_url')}
        inputMode="url"
        placeholder="https://open.spotify.com/artist/..."
      />
      <TextField
        label="Apple Music artist link"
        {...bind.text('apple_music_artist_url')}
        inputMode="url"
        placeholder="https://music.apple.com/..."
      />
    </fieldset>
  );
}
