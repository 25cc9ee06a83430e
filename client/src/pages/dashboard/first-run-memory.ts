/**
 * What the first-run checklist remembers on this device, per musician: that the QR code was
 * opened from it (the server keeps no record of a print), and that every step was once done, so
 * the checklist never comes back (nor loads the song list to decide) after that.
 */
const key = (musicianId: string, what: 'qr-code' | 'done') => `first-run:${what}:${musicianId}`;

function read(name: string): boolean {
  try {
    return localStorage.getItem(name) === '1';
  } catch {
    return false;
  }
}

function write(name: string): void {
  try {
    localStorage.setItem(name, '1');
  } catch {
    // Private mode or storage full: the checklist just asks again next time.
  }
}

export const firstRunMemory = {
  qrCodeOpened: (musicianId: string) => read(key(musicianId, 'qr-code')),
  rememberQrCodeOpened: (musicianId: string) => write(key(musicianId, 'qr-code')),
  allDone: (musicianId: string) => read(key(musicianId, 'done')),
  rememberAllDone: (musicianId: string) => write(key(musicianId, 'done')),
};
