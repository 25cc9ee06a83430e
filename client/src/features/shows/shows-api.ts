import { api } from '#client/lib/api-client.ts';
import { SuccessResponse } from '#shared/schemas/common.ts';
import {
  CurrentShowResponse,
  Show,
  ShowListResponse,
  ShowReport,
  type StartShowBody,
  type UpdateShowBody,
} from '#shared/schemas/show.ts';
import { browserTimeZone, downloadApiFile } from '#client/lib/download-file.ts';

const showPath = (id: string) => `/shows/${encodeURIComponent(id)}`;

export const showsApi = {
  current: () => api.get('/shows/current', CurrentShowResponse),
  list: () => api.get('/shows', ShowListResponse),
  start: (body: StartShowBody) => api.post('/shows/start', CurrentShowResponse, body),
  update: (id: string, body: UpdateShowBody) => api.put(showPath(id), Show, body),
  report: (id: string) => api.get(`${showPath(id)}/report`, ShowReport),
  exportReport: (id: string) =>
    downloadApiFile(
      `${showPath(id)}/report?format=csv&tz=${encodeURIComponent(browserTimeZone())}`,
      'show-report.csv',
    ),
  stop: () => api.post('/shows/stop', CurrentShowResponse),
  archive: (id: string) => api.put(`${showPath(id)}/archive`, Show),
  restore: (id: string) => api.put(`${showPath(id)}/restore`, Show),
  delete: (id: string) => api.delete(showPath(id), SuccessResponse),
};
