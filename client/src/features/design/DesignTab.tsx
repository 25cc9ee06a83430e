import { useEffect, useState } from 'react';
import { useBusy } from '#client/lib/use-busy.ts';
import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { LoadingState } from '#client/ui/LoadingState.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { useAuthStore } from '#client/lib/session/auth-store.ts';
import { profileApi } from '#client/lib/session/profile-api.ts';
import { ColorSchemePicker } from './ColorSchemePicker.tsx';
import { DesignPreview } from './DesignPreview.tsx';
import { designApi } from './design-api.ts';
import { draftFrom, isDirty, updateBody, type DesignDraft } from './design-draft.ts';
import { designIsProLabelled, FREE_MODE_PLAN } from './design-plan.ts';
import { useDesignStore } from './design-store.ts';
import { ImageField } from './ImageField.tsx';
import './design.css';

const FLAGS = [
  ['show_year', 'Show the year on song cards'],
  ['show_notes', 'Show song notes on song cards'],
  ['allow_song_suggestions', 'Let the audience suggest songs'],
  ['tips_enabled', 'Take tips'],
] as const;

interface DesignTabProps {
  musician: Musician;
}

/** How the audience page looks: colours, layout, photo and banner, what the cards show. */
export function DesignTab({ musician }: DesignTabProps) {
  const saved = useDesignStore((s) => s.saved);
  const setSaved = useDesignStore((s) => s.setSaved);
  const setMusician = useAuthStore((s) => s.setMusician);
  // Only what was changed here: a save from another device shows through the rest.
  const [edits, setEdits] = useState<Partial<DesignDraft>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const { busy: saving, run } = useBusy();
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    designApi.get().then(setSaved, (error: unknown) => {
      setLoadError(errorMessage(error, messages.designLoadFailed));
    });
  }, [setSaved]);

  if (loadError) return <StatusMessage tone="error">{loadError}</StatusMessage>;
  if (!saved) return <LoadingState label="Loading your design" />;
  const draft: DesignDraft = { ...draftFrom(saved, musician.tips_enabled), ...edits };
  const dirty = isDirty(draft, saved, musician.tips_enabled);

  const change = (changes: Partial<DesignDraft>) => {
    setEdits({ ...edits, ...changes });
    setResult(null);
  };

  async function save() {
    if (!saved) return;
    setResult(null);
    await run(async () => {
      try {
        const design = await designApi.update(updateBody(draft, saved));
        if (draft.tips_enabled !== musician.tips_enabled) {
          setMusician(await profileApi.update({ tips_enabled: draft.tips_enabled }));
        }
        setSaved(design);
        setEdits({});
        setResult({ tone: 'success', text: messages.designSaved });
      } catch (error) {
        setResult({ tone: 'error', text: errorMessage(error, messages.designUpdateFailed) });
      }
    });
  }

  return (
    <div className="design-tab">
      <form
        className="card design-form"
        aria-labelledby="design-title"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h3 id="design-title">
          Audience page design
          {designIsProLabelled(FREE_MODE_PLAN) && (
            <span className="pro-badge">{messages.designProFeature}</span>
          )}
        </h3>
        <ColorSchemePicker
          value={draft.color_scheme}
          onChange={(color_scheme) => change({ color_scheme })}
        />
        <fieldset className="design-section">
          <legend>Song list layout</legend>
          <div className="scheme-options">
            {(['grid', 'list'] as const).map((mode) => (
              <label key={mode} className="scheme-option">
                <input
                  type="radio"
                  name="layout_mode"
                  value={mode}
                  checked={draft.layout_mode === mode}
                  onChange={() => change({ layout_mode: mode })}
                />
                <span>{mode === 'grid' ? 'Grid' : 'List'}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="design-section design-images">
          <legend>Images</legend>
          <ImageField
            label="Artist photo"
            hint="JPG or PNG under 2MB. Shown round, at the top of your page."
            shape="round"
            value={draft.artist_photo}
            onChange={(artist_photo) => change({ artist_photo })}
          />
          <ImageField
            label="Banner"
            hint="JPG or PNG under 2MB. Shown wide, in your artist profile."
            shape="wide"
            value={draft.banner_image}
            onChange={(banner_image) => change({ banner_image })}
          />
        </fieldset>
        <fieldset className="design-section">
          <legend>On your page</legend>
          {FLAGS.map(([key, label]) => (
            <label key={key} className="design-check">
              <input
                type="checkbox"
                checked={draft[key]}
                onChange={(event) => change({ [key]: event.target.checked })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="design-save">
          <button type="submit" className="button button-primary" disabled={saving || !dirty}>
            {saving ? 'Saving…' : 'Save design'}
          </button>
          <StatusMessage tone={result?.tone ?? 'success'}>{result?.text ?? null}</StatusMessage>
        </div>
      </form>
      <section className="card design-preview-card" aria-labelledby="design-preview-title">
        <h3 id="design-preview-title">Preview</h3>
        <DesignPreview draft={draft} name={musician.name} />
      </section>
    </div>
  );
}
