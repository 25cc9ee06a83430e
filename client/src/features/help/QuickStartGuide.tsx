import { useState, type ReactNode } from 'react';
import { Modal } from '#client/ui/Modal.tsx';
import './help.css';

interface HelpButtonProps {
  /** What follows the guide: the dashboard puts the contact form there (features/contact). */
  children?: ReactNode;
}

/** The dashboard header's ? button and the Quick Start Guide it opens (spec section 2). */
export function HelpButton({ children }: HelpButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-ghost help-button"
        aria-label="Quick Start Guide"
        title="Quick Start Guide"
        onClick={() => setOpen(true)}
      >
        ?
      </button>
      <Modal title="Quick Start Guide" open={open} onClose={() => setOpen(false)}>
        <ol className="help-steps">
          <li>
            <strong>Add your songs.</strong> In the Songs tab, add songs one by one, import a CSV,
            LST or streaming playlist, or start from the starter pack.
          </li>
          <li>
            <strong>Share your link.</strong> In the Profile tab, copy your audience link or show
            its QR code (download it or print a flyer) so the crowd can find your song list.
          </li>
          <li>
            <strong>Start a show.</strong> In the On Stage tab (or the Requests tab), choose Start a
            Show when you begin playing: requests are grouped under the show for your reports, and
            the On Stage tab shows which show is running.
          </li>
          <li>
            <strong>Work the queue.</strong> Requests arrive live in the On Stage tab (or on the On
            Stage screen, for a tablet on stage): move them to Up Next, mark them played or skip
            them, and read the dedications and tips.
          </li>
        </ol>
        {children}
      </Modal>
    </>
  );
}
