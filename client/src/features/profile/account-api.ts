import {
  ChangeEmailResponse,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type DeleteAccountBody,
} from '#shared/schemas/auth.ts';
import { MessageResponse } from '#shared/schemas/common.ts';
import { api, ApiError } from '#client/lib/api-client.ts';
import { fetchJson } from '#client/lib/api-fetch.ts';

/**
 * The account's forms in the Profile tab (the server's features/account routes); reading and
 * saving the profile is lib/session/profile-api.ts.
 */
export const accountApi = {
  changeEmail: (body: ChangeEmailBody) =>
    api.put('/profile/change-email', ChangeEmailResponse, body),
  changePassword: (body: ChangePasswordBody) =>
    api.put('/profile/change-password', MessageResponse, body),
  /** DELETE with a body (the spec's confirmation_text), which api.delete does not send. */
  async deleteAccount(body: DeleteAccountBody) {
    const parsed = MessageResponse.safeParse(
      await fetchJson('/account/delete', { method: 'DELETE', body }),
    );
    if (!parsed.success) throw new ApiError(200, undefined);
    return parsed.data;
  },
};
