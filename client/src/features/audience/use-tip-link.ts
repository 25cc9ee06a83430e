import { useEffect } from 'react';
import { readParam, writeParam } from './audience-location.ts';
import { useAudienceFlowStore } from './audience-flow-store.ts';
import { useAudienceStore } from './audience-store.ts';
import { tipsAvailable } from './tip-rules.ts';

/** `?tip` opens the tip sheet: the setlist page's "Tip {name}" leads here. */
export const TIP_PARAM = 'tip';

export const tipPageAddress = (slug: string) =>
  `/musician/${encodeURIComponent(slug)}?${TIP_PARAM}`;

/**
 * Once the page is ready, a `?tip` address opens the tip sheet (when the musician takes tips),
 * and loses the parameter, so a reload does not open it again.
 */
export function useTipLink(view: string): void {
  useEffect(() => {
    if (view !== 'ready' || readParam(TIP_PARAM) === null) return;
    writeParam(TIP_PARAM, null);
    const musician = useAudienceStore.getState().musician;
    if (musician && tipsAvailable(musician)) useAudienceFlowStore.getState().openTip();
  }, [view]);
}
