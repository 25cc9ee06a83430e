import { useEffect, useState } from 'react';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { Musician } from '#shared/schemas/musician.ts';
import { useAudienceOrigin } from '#client/lib/use-site-config.ts';
import { isProfileSetUp } from '#client/features/profile/profile-complete.ts';
import { QrCodeModal } from '#client/features/qr-code/QrCodeModal.tsx';
import { selectShows, useShowsStore } from '#client/features/shows/shows-store.ts';
import {
  selectSongs,
  selectSongsStatus,
  useSongsStore,
} from '#client/features/songs/songs-store.ts';
import { useSongsLoader } from '#client/features/songs/use-songs-loader.ts';
import type { DashboardTabId } from './dashboard-tabs.ts';
import { firstRunMemory } from './first-run-memory.ts';

interface FirstRunChecklistProps {
  musician: Musician;
  /** Whether any request has ever come in (the room found the page, so the QR code is out). */
  hadRequests: boolean;
  onOpenTab(tab: DashboardTabId): void;
  onStartShow(): void;
}

const ignoreLoadError = () => {};

/**
 * The first run, leading to the first show: four steps, each ticked off from real data (songs,
 * profile, QR code, a show) and each one tap away. Gone for good once every step is done.
 */
export function FirstRunChecklist(props: FirstRunChecklistProps) {
  const [done] = useState(() => firstRunMemory.allDone(props.musician.id));
  // Mounted only while needed: a musician past their first run never loads the songs for it.
  return done ? null : <Checklist {...props} />;
}

function Checklist({ musician, hadRequests, onOpenTab, onStartShow }: FirstRunChecklistProps) {
  useSongsLoader(musician.id, ignoreLoadError);
  const songsReady = useSongsStore((state) => selectSongsStatus(state) === 'ready');
  const hasSongs = useSongsStore((state) => selectSongs(state).length > 0);
  const showsReady = useShowsStore((state) => state.status === 'ready');
  const hasShow = useShowsStore((state) => selectShows(state).length > 0);
  const [qrOpened, setQrOpened] = useState(() => firstRunMemory.qrCodeOpened(musician.id));
  const [qrOpen, setQrOpen] = useState(false);
  const link = `${useAudienceOrigin()}/musician/${musician.slug}`;

  const steps = [
    { id: 'songs', label: messages.firstRunAddSongs, done: hasSongs, go: () => onOpenTab('songs') },
    {
      id: 'profile',
      label: messages.firstRunProfile,
      done: isProfileSetUp(musician),
      go: () => onOpenTab('profile'),
    },
    {
      id: 'qr-code',
      label: messages.firstRunQrCode,
      done: qrOpened || hadRequests,
      go: () => {
        firstRunMemory.rememberQrCodeOpened(musician.id);
        setQrOpen(true);
      },
    },
    { id: 'show', label: messages.firstRunStartShow, done: hasShow, go: onStartShow },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  const known = songsReady && showsReady;
  const allDone = known && doneCount === steps.length;

  useEffect(() => {
    if (allDone) firstRunMemory.rememberAllDone(musician.id);
  }, [allDone, musician.id]);

  // Nothing until the songs and shows are known, so a finished step never flashes as undone.
  if (!known || allDone) return null;

  return (
    <section className="card first-run" aria-labelledby="first-run-title">
      <div className="first-run-heading">
        <h3 id="first-run-title">{messages.firstRunTitle}</h3>
        <p className="muted first-run-progress">
          {fill(messages.firstRunProgress, { done: doneCount, total: steps.length })}
        </p>
      </div>
      <ol className="first-run-steps">
        {steps.map((step, index) => (
          <li key={step.id} className={step.done ? 'first-run-step is-done' : 'first-run-step'}>
            {step.done ? (
              <span className="first-run-step-body">
                <span className="first-run-mark" aria-hidden="true">
                  ✓
                </span>
                <span className="first-run-label">{step.label}</span>
                <span className="visually-hidden"> (done)</span>
              </span>
            ) : (
              <button type="button" className="first-run-step-body" onClick={step.go}>
                <span className="first-run-mark" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="first-run-label">{step.label}</span>
                <span className="first-run-go" aria-hidden="true">
                  ›
                </span>
              </button>
            )}
          </li>
        ))}
      </ol>
      <QrCodeModal
        open={qrOpen}
        onClose={() => {
          setQrOpen(false);
          setQrOpened(true);
        }}
        link={link}
      />
    </section>
  );
}
