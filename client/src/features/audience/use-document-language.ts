import { useEffect } from 'react';

/** <html lang> follows the page's language; the musician's app gets its own back on leaving. */
export function useDocumentLanguage(locale: string): void {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = locale;
    return () => {
      root.lang = previous;
    };
  }, [locale]);
}
