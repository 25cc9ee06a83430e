import { useCallback, useEffect, useState } from 'react';

export interface Toast {
  text: string;
  tone: 'success' | 'error';
  /** Distinguishes two equal messages in a row, so each gets its full time. */
  id: number;
}

/** What actions call to tell the musician how it went. */
export type Notify = (text: string, tone?: Toast['tone']) => void;

let nextId = 0;

/** A short message that goes away by itself after `durationMs`. */
export function useToast(durationMs: number) {
  const [toast, setToast] = useState<Toast | null>(null);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), durationMs);
    return () => clearTimeout(timer);
  }, [toast, durationMs]);

  const show = useCallback((text: string, tone: Toast['tone'] = 'success') => {
    nextId += 1;
    setToast({ text, tone, id: nextId });
  }, []);

  return { toast, show };
}
