import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { flyerNote } from '#server/features/qr-code/flyer-layout.ts';
import { flyerSvg } from '#server/features/qr-code/flyer-png.ts';

const flyer = (link: string) =>
  flyerSvg({ stageName: 'The Band', link, colorScheme: 'purple', note: flyerNote(link) });

describe('the flyer image', () => {
  it('carries the note of a link phones cannot all open, under the link', () => {
    const svg = flyer('http://localhost:3000/musician/the-band');
    expect(svg).toContain(messages.flyerNoteLoopback);
    expect(svg.indexOf(messages.flyerNoteLoopback)).toBeGreaterThan(
      svg.indexOf('http://localhost:3000/musician/the-band'),
    );
    expect(flyer('http://192.168.1.2/musician/the-band')).toContain(messages.flyerNotePrivate);
  });

  it('has no note for a public link', () => {
    const svg = flyer('https://songs.example.com/musician/the-band');
    expect(svg).not.toContain(messages.flyerNoteLoopback);
    expect(svg).not.toContain(messages.flyerNotePrivate);
  });
});
