import { useEffect, useRef, useState } from 'react';
import { addressReach } from '#shared/audience-address.ts';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import './screen-address-note.css';

/** Where a hidden note is remembered: per address, so a new (still local) address warns again. */
const hiddenKey = (link: string) => `venue-screen-address-note-hidden:${link}`;

function wasHidden(link: string): boolean {
  try {
    return localStorage.getItem(hiddenKey(link)) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the screen shows the address note: its QR code carries an address some phones cannot
 * open, and nobody has hidden the note for that address on this screen yet.
 */
export function useAddressNote(link: string) {
  const reach = addressReach(link);
  const [hiddenFor, setHiddenFor] = useState('');
  const shown = reach !== 'public' && hiddenFor !== link && !wasHidden(link);
  const hide = () => {
    try {
      localStorage.setItem(hiddenKey(link), '1');
    } catch {
      // A screen that cannot store it hides the note until it reloads.
    }
    setHiddenFor(link);
  };
  return { shown, reach, hide };
}

/**
 * The dashboard's address warning (qr-code/AddressWarning.tsx), told to whoever sets the TV up:
 * a strip of its own above the screen (it covers nothing), naming the problem and the fix, and
 * gone with one press of its button (focused, so a remote's OK or a keyboard's Enter hides it)
 * before the audience comes in.
 */
export function ScreenAddressNote({
  link,
  reach,
  onHide,
}: {
  link: string;
  reach: 'loopback' | 'private';
  onHide(): void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  let host = link;
  try {
    host = new URL(link).host;
  } catch {
    // Not a URL: the note names the link as it is.
  }
  const problem =
    reach === 'loopback' ? messages.screenAddressLoopback : messages.screenAddressPrivate;
  return (
    <section className="screen-note" role="alert" data-testid="screen-address-note">
      <div className="screen-note-text">
        <p className="screen-note-problem">{fill(problem, { host })}</p>
        <p className="screen-note-fix">{messages.screenAddressFix}</p>
      </div>
      <button ref={button} type="button" className="screen-note-hide" onClick={onHide}>
        {messages.screenAddressHide}
      </button>
    </section>
  );
}
