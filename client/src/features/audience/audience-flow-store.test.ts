import { beforeEach, describe, expect, it } from 'vitest';
import { makeSong } from '#client-test/song-factory.ts';
import { useAudienceFlowStore } from './audience-flow-store.ts';

const flow = () => useAudienceFlowStore.getState();
const filed = { id: 'r1', songTitle: 'Halo', songArtist: 'Beyoncé', requesterName: 'Ana' };

describe('the audience flow', () => {
  beforeEach(() => flow().dismiss(flow().modal ?? 'request'));

  it('request, then its success state; a tip is an optional step; closing resets', () => {
    const song = makeSong({ title: 'Halo' });
    flow().openRequest(song);
    expect(flow()).toMatchObject({ modal: 'request', song });
    flow().requestFiled(filed);
    expect(flow()).toMatchObject({ modal: 'sent', filed });
    // The request dialog reports its own close after the success state opened: ignored.
    flow().dismiss('request');
    expect(flow().modal).toBe('sent');
    flow().tipAfterRequest();
    expect(flow()).toMatchObject({ modal: 'tip', filed });
    flow().tipSent('venmo', 5);
    expect(flow().modal).toBe('follow');
    flow().dismiss('follow');
    expect(flow()).toMatchObject({ modal: null, song: null, filed: null });
  });

  it('No Tip goes back to the success state; Done there closes it', () => {
    flow().openRequest(makeSong());
    flow().requestFiled(filed);
    flow().tipAfterRequest();
    flow().noTip();
    expect(flow().modal).toBe('sent');
    flow().dismiss('sent');
    expect(flow()).toMatchObject({ modal: null, filed: null });
  });

  it('the suggestion form starts from what was searched for', () => {
    flow().openSuggest('Bohemian Rhap');
    expect(flow()).toMatchObject({ modal: 'suggest', suggestTitle: 'Bohemian Rhap' });
    flow().openSuggest();
    expect(flow().suggestTitle).toBe('');
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
    flow().requestFiled(filed);
    expect(flow().modal).toBeNull();
  });
});
