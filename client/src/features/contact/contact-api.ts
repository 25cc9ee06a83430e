import { SuccessResponse } from '#shared/schemas/common.ts';
import type { ContactBody } from '#shared/schemas/contact.ts';
import { api } from '#client/lib/api-client.ts';

export const contactApi = {
  /** The session's bearer token goes along, so support sees which musician wrote. */
  contact: (body: ContactBody) => api.post('/contact', SuccessResponse, body),
};
