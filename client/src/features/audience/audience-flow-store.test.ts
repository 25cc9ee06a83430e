import { beforeEach, describe, expect, it } from 'vitest';
import { makeSong } from '#client-test/song-factory.ts';
import { useAudienceFlowStore } from './audience-flow-store.ts';

const flow = () => useAudienceFlowStore.getState();
const filed = { id: 'r1', songTitle: 'Halo', requesterName: 'Ana' };

describe('the audience flow', () => {
  beforeEach(() => flow().dismiss(flow().modal ?? 'request'));

  it('request, then the tip when tips are on, then the follow links; closing resets', () => {
    const song = makeSong({ title: 'Halo' });
    flow().openRequest(song);
    expect(flow()).toMatchObject({ modal: 'request', song });
    flow().requestFiled(filed, true);
    expect(flow()).toMatchObject({ modal: 'tip', filed });
    // The request dialog reports its own close after the tip modal opened: ignored.
    flow().dismiss('request');
    expect(flow().modal).toBe('tip');
    flow().tipSent('venmo', 5);
    expect(flow().modal).toBe('follow');
    flow().dismiss('follow');
    expect(flow()).toMatchObject({ modal: null, song: null, filed: null });
  });

  it('goes straight to the follow links when tips are off, or on No Tip', () => {
    flow().openRequest(makeSong());
    flow().requestFiled(filed, false);
    expect(flow().modal).toBe('follow');
    flow().openRequest(makeSong());
    flow().requestFiled(filed, true);
    flow().noTip();
    expect(flow().modal).toBe('follow');
  });

  it('Zelle shows its instructions, and leaving them goes on to the follow links', () => {
    flow().openTip();
    expect(flow()).toMatchObject({ modal: 'tip', filed: null });
    flow().tipSent('zelle', 12.5);
    expect(flow()).toMatchObject({ modal: 'zelle', zelleAmount: 12.5 });
    flow().dismiss('zelle');
    expect(flow().modal).toBe('follow');
  });

  it('a request answered after its form was closed opens nothing', () => {
    flow().openRequest(makeSong());
    flow().dismiss('request');
    flow().requestFiled(filed, true);
    expect(flow().modal).toBeNull();
  });
});
