import type { SongRequest } from '#shared/schemas/request.ts';

/** Shown, clearly labelled, when the real requests cannot be loaded (server error, offline). */
export function demoRequest(now: Date = new Date()): SongRequest {
  const at = now.toISOString();
  return {
    id: 'demo-request',
    song_id: null,
    song_title: 'Wonderwall',
    song_artist: 'Oasis',
    payment: null,
    requester_name: 'Demo Requester',
    requester_email: '',
    dedication: 'This is demo data: your requests could not be loaded.',
    status: 'pending',
    tip_amount: 5,
    tip_received: 0,
    tip_clicked: false,
    social_clicks: [],
    show_id: null,
    show_name: null,
    created_at: at,
    updated_at: at,
  };
}
