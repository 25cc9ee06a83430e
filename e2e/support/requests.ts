import type { APIRequestContext } from '@playwright/test';
import { ProofRequired } from '#shared/schemas/proof-of-work.ts';
import {
  CreatedRequest,
  RequestsResponse,
  type RequestStatus,
  type SongRequest,
} from '#shared/schemas/request.ts';
import { solveProof } from './proof-of-work.ts';

let counter = 0;

/** An audience member's request, sent like the phone would (no token). */
export async function submitRequestByApi(
  request: APIRequestContext,
  songId: string,
  overrides: { requester_name?: string; dedication?: string; tip_amount?: number } = {},
): Promise<CreatedRequest> {
  counter += 1;
  const data = {
    song_id: songId,
    requester_name: `Fan ${counter}`,
    requester_email: `fan-${counter}@example.com`,
    dedication: '',
    tip_amount: 0,
    ...overrides,
  };
  return CreatedRequest.parse(await postRequestProving(request, data));
}

/**
 * POST /api/requests as a phone's page does it: a 428 (a request of a waiting song is a +1,
 * which proves a little work first: PROOF_OF_WORK) solved and sent again. The body of the 201.
 */
export async function postRequestProving(
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<unknown> {
  let response = await request.post('/api/requests', { data });
  if (response.status() === 428) {
    const { challenge } = ProofRequired.parse(await response.json());
    const headers = { 'x-altcha': solveProof(challenge) };
    response = await request.post('/api/requests', { data, headers });
  }
  if (response.status() !== 201) {
    throw new Error(`request failed: ${response.status()} ${await response.text()}`);
  }
  return response.json();
}

/** The musician's own view of their requests (another device, through the API). */
export async function musicianRequestsByApi(
  request: APIRequestContext,
  token: string,
): Promise<SongRequest[]> {
  const headers = { authorization: `Bearer ${token}` };
  const profile = await request.get('/api/profile', { headers });
  const { id } = (await profile.json()) as { id: string };
  const response = await request.get(`/api/requests/musician/${id}`, { headers });
  if (!response.ok()) throw new Error(`requests list failed: ${response.status()}`);
  return RequestsResponse.parse(await response.json()).requests;
}

/** The musician moves a request (Up Next, Played, Reject) from another device. */
export async function setRequestStatusByApi(
  request: APIRequestContext,
  token: string,
  id: string,
  status: RequestStatus,
): Promise<void> {
  const response = await request.put(`/api/requests/${id}/status`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status },
  });
  if (!response.ok()) {
    throw new Error(`status update failed: ${response.status()} ${await response.text()}`);
  }
}
