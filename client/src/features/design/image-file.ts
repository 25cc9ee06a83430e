import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from '#shared/schemas/audience.ts';
import { messages } from '#shared/messages.ts';

/** Spec section 5: JPG or PNG under 2MB; the server checks again, this saves the upload. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return messages.imageWrongType;
  }
  if (file.size > IMAGE_MAX_BYTES) return messages.imageTooLarge;
  return null;
}

/** The file as the data URL PUT /design/settings takes. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
