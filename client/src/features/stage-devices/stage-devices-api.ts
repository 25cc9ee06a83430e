import { SuccessResponse } from '#shared/schemas/common.ts';
import {
  StageDeviceList,
  StageDevicePairing,
  StageDeviceSession,
  type CreateStageDeviceBody,
} from '#shared/schemas/stage-device.ts';
import { api } from '#client/lib/api-client.ts';

export const stageDevicesApi = {
  list: () => api.get('/stage-devices', StageDeviceList),
  create: (body: CreateStageDeviceBody = {}) =>
    api.post('/stage-devices', StageDevicePairing, body),
  remove: (id: string) => api.delete(`/stage-devices/${encodeURIComponent(id)}`, SuccessResponse),
  /** From the other device, signed out: trades the code for a stage session. */
  claim: (code: string) => api.post('/stage-devices/claim', StageDeviceSession, { code }),
};
