import { QrFlyerResponse, type FlyerPaper } from '#shared/schemas/audience.ts';
import { api, ApiError } from '#client/lib/api-client.ts';
import { fetchApiFile } from '#client/lib/download-file.ts';

/** A musician-only image or PDF, as a Blob for the QR code modal to show or save. */
async function fetchFile(path: string): Promise<Blob> {
  const response = await fetchApiFile(path);
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.blob();
}

export const qrCodeApi = {
  png: () => fetchFile('/qr-code'),
  svg: () => fetchFile('/qr-code?format=svg'),
  flyerImage: () => api.get('/qr-flyer', QrFlyerResponse),
  flyerPdf: (paper: FlyerPaper) => fetchFile(`/qr-flyer?format=pdf&paper=${paper}`),
};
