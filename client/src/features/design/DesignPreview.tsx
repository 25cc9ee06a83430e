import type { CSSProperties } from 'react';
import { SCHEME_COLORS } from '#shared/schemas/audience.ts';
import type { DesignDraft } from './design-draft.ts';

interface DesignPreviewProps {
  draft: DesignDraft;
  name: string;
}

/** A small audience page in the chosen colours and layout, before anything is saved. */
export function DesignPreview({ draft, name }: DesignPreviewProps) {
  const colors = SCHEME_COLORS[draft.color_scheme];
  const style = {
    '--preview-bg': colors.bg,
    '--preview-raised': colors.raised,
    '--preview-text': colors.text,
    '--preview-muted': colors.muted,
    '--preview-accent': colors.accent,
    '--preview-accent-text': colors.accentText,
  } as CSSProperties;
  const songs = [
    { title: 'Wonderwall', artist: 'Oasis', year: 1995, notes: 'Acoustic' },
    { title: 'Valerie', artist: 'Amy Winehouse', year: 2007, notes: '' },
  ];

  return (
    <figure className="design-preview" style={style} aria-label="Preview of your audience page">
      {draft.banner_image && <img className="preview-banner" src={draft.banner_image} alt="" />}
      <div className="preview-header">
        {draft.artist_photo ? (
          <img className="preview-avatar" src={draft.artist_photo} alt="" />
        ) : (
          <span className="preview-avatar" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <strong>{name}</strong>
      </div>
      <div className={`preview-songs preview-${draft.layout_mode}`}>
        {songs.map((song) => (
          <div key={song.title} className="preview-card">
            <span className="preview-title">{song.title}</span>
            <span className="preview-muted">
              {song.artist}
              {draft.show_year && ` · ${song.year}`}
            </span>
            {draft.show_notes && song.notes && <span className="preview-muted">{song.notes}</span>}
            <span className="preview-button">Request Song</span>
          </div>
        ))}
      </div>
      {(draft.allow_song_suggestions || draft.tips_enabled) && (
        <div className="preview-footer">
          {draft.allow_song_suggestions && <span className="preview-link">Suggest a Song</span>}
          {draft.tips_enabled && <span className="preview-link">Tip</span>}
        </div>
      )}
      <figcaption className="visually-hidden">
        Preview in the {draft.color_scheme} scheme
      </figcaption>
    </figure>
  );
}
