import { DesignSettings, type DesignSettingsUpdateBody } from '#shared/schemas/audience.ts';
import { api } from '#client/lib/api-client.ts';

export const designApi = {
  get: () => api.get('/design/settings', DesignSettings),
  update: (body: DesignSettingsUpdateBody) => api.put('/design/settings', DesignSettings, body),
};
