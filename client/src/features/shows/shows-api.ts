import { api } from '#client/lib/api-client.ts';
import { SuccessResponse } from '#shared/schemas/common.ts';
import { CurrentShowResponse, Show, ShowListResponse } from '#shared/schemas/show.ts';

const showPath = (id: string) => `/shows/${encodeURIComponent(id)}`;

export const showsApi = {
  current: () => api.get('/shows/current', CurrentShowResponse),
  list: () => api.get('/shows', ShowListResponse),
  start: (name: string) => api.post('/shows/start', CurrentShowResponse, { name }),
  stop: () => api.post('/shows/stop', CurrentShowResponse),
  archive: (id: string) => api.put(`${showPath(id)}/archive`, Show),
  restore: (id: string) => api.put(`${showPath(id)}/restore`, Show),
  delete: (id: string) => api.delete(showPath(id), SuccessResponse),
};
