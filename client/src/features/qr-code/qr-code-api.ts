import { QrFlyerResponse, type FlyerPaper } from '#shared/schemas/audience.ts';
import { api, ApiError } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/session/auth-store.ts';

/** A musician-only file (image, PDF): fetched with the token, since a link cannot carry it. */
async function fetchFile(path: string): Promise<Blob> {
  const token = useAuthStore.getState().token;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.blob();
}

export const qrCodeApi = {
  png: () => fetchFile('/qr-code'),
  svg: () => fetchFile('/qr-code?format=svg'),
  flyerImage: () => api.get('/qr-flyer', QrFlyerResponse),
  flyerPdf: (paper: FlyerPaper) => fetchFile(`/qr-flyer?format=pdf&paper=${paper}`),
};
