import { useState } from 'react';
import { UpgradeModal } from './UpgradeModal.tsx';

interface UpgradeButtonProps {
  className?: string;
}

/** Opens the Upgrade to Pro modal (dashboard header and Profile tab, spec section 2). */
export function UpgradeButton({ className = 'button button-secondary' }: UpgradeButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        Upgrade
      </button>
      <UpgradeModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
