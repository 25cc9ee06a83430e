import type { APIRequestContext } from '@playwright/test';
import { CreatedRequest } from '#shared/schemas/request.ts';

let counter = 0;

/** An audience member's request, sent like the phone would (no token). */
export async function submitRequestByApi(
  request: APIRequestContext,
  songId: string,
  overrides: { requester_name?: string; dedication?: string; tip_amount?: number } = {},
): Promise<CreatedRequest> {
  counter += 1;
  const response = await request.post('/api/requests', {
    data: {
      song_id: songId,
      requester_name: `Fan ${counter}`,
      requester_email: `fan-${counter}@example.com`,
      dedication: '',
      tip_amount: 0,
      ...overrides,
    },
  });
  if (response.status() !== 201) {
    throw new Error(`request failed: ${response.status()} ${await response.text()}`);
  }
  return CreatedRequest.parse(await response.json());
}
