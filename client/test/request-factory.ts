import type { SongRequest } from '#shared/schemas/request.ts';

/** Test data: a pending request, with overrides. */
export function songRequest(overrides: Partial<SongRequest> = {}): SongRequest {
  const at = overrides.created_at ?? '2025-05-01T20:00:00.000Z';
  return {
    id: 'r1',
    song_id: 's1',
    song_title: 'Wonderwall',
    song_artist: 'Oasis',
    payment: null,
    requester_name: 'Alex',
    requester_email: 'alex@example.com',
    dedication: '',
    status: 'pending',
    tip_amount: 0,
    tip_received: 0,
    tip_clicked: false,
    social_clicks: [],
    show_id: null,
    show_name: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}
