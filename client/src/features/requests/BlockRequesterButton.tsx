import { errorMessage } from '#client/lib/api-client.ts';
import { ConfirmButton } from '#client/ui/ConfirmButton.tsx';
import { fill } from '#shared/fill-message.ts';
import { messages } from '#shared/messages.ts';
import type { SongRequest } from '#shared/schemas/request.ts';
import { blocklistApi } from '../blocklist/blocklist-api.ts';
import { useRequestsStore } from './requests-store.ts';
import type { RequestActions } from './use-request-actions.ts';

/** Blocks the requester of `request` and says how it went (the dashboard's button, the stage's menu). */
export async function blockRequester(
  request: SongRequest,
  actions: Pick<RequestActions, 'showToast'>,
): Promise<void> {
  try {
    await blocklistApi.block(request.id);
    // The live event removes it too; this is for a device whose socket is down.
    useRequestsStore.getState().remove(request.id);
    actions.showToast(messages.requesterBlocked);
  } catch (error) {
    actions.showToast(errorMessage(error, messages.blockRequesterFailed), 'error');
  }
}

/**
 * Blocks the requester of this request (their email and phone) from the musician's page, after
 * a confirm: their waiting requests leave every screen, and what they send next never arrives.
 * The musician's own screens only, never a paired stage device (the server refuses it one).
 */
export function BlockRequesterButton({
  request,
  actions,
}: {
  request: SongRequest;
  actions: Pick<RequestActions, 'showToast'>;
}) {
  return (
    <ConfirmButton
      label="Block"
      accessibleName={`Block ${request.requester_name}`}
      title="Block this requester?"
      message={fill(messages.blockRequesterConfirm, { name: request.requester_name })}
      confirmLabel="Block"
      onConfirm={() => void blockRequester(request, actions)}
    />
  );
}
