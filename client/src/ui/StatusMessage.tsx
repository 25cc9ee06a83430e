import type { ReactNode } from 'react';

interface StatusMessageProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}

/**
 * Errors interrupt (role alert); success and info wait their turn (role status). The live
 * region is always rendered so screen readers notice the text when it appears.
 */
export function StatusMessage({ tone, children }: StatusMessageProps) {
  const role = tone === 'error' ? 'alert' : 'status';
  return (
    <div role={role} className={children ? `status-message status-${tone}` : 'status-empty'}>
      {children}
    </div>
  );
}
