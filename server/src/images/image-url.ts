/**
 * Where an uploaded image is served. The id changes whenever the image does, so the answer may
 * be cached for a year: a new upload is a new address.
 */
const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp' };

export function extensionOf(contentType: string): string {
  return EXTENSIONS[contentType] ?? 'bin';
}

export function imageUrl(id: string, contentType: string): string {
  return `/api/images/${id}.${extensionOf(contentType)}`;
}

const IMAGE_URL = /^\/api\/images\/([0-9a-f-]{36})\.[a-z]+$/;

/** The image id inside a URL imageUrl built, or undefined for any other text. */
export function imageIdOf(url: string | null | undefined): string | undefined {
  return url ? IMAGE_URL.exec(url)?.[1] : undefined;
}
