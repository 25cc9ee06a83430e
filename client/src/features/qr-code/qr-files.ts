import type { FlyerPaper } from '#shared/schemas/audience.ts';
import { qrCodeApi } from './qr-code-api.ts';

/** Saves a file through the browser's download, as if a link had been clicked. */
export function download(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
}

export async function downloadBlob(blob: Blob, filename: string): Promise<void> {
  const url = URL.createObjectURL(blob);
  download(url, filename);
  // The download has its own copy once started; the next tick is enough.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Letter where it is the usual paper (the US and Canada), A4 everywhere else. */
export function defaultPaper(language = navigator.language): FlyerPaper {
  return /-(US|CA)$/i.test(language) ? 'letter' : 'a4';
}

/**
 * Opens the print-ready flyer in a new tab. The tab is opened during the click (a popup opened
 * after an await is blocked), then sent to the PDF once it arrived; closed again on failure.
 */
export async function openFlyerPdf(paper: FlyerPaper): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const pdf = await qrCodeApi.flyerPdf(paper);
    const url = URL.createObjectURL(pdf);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
