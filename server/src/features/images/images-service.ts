import { messages } from '#shared/messages.ts';
import { notFound } from '#server/http/errors.ts';
import { extensionOf } from '#server/images/image-url.ts';
import type { ImagesRepository } from '#server/images/images-repository.ts';

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z]+)$/;

export function imagesService({ images }: { images: ImagesRepository }) {
  return {
    /** The image named `{id}.{ext}`, or 404 for anything else (an unknown id, a wrong ext). */
    async file(name: string): Promise<{ contentType: string; bytes: Buffer }> {
      const match = FILE.exec(name);
      const row = match ? await images.find(match[1]!) : undefined;
      if (!row || extensionOf(row.contentType) !== match?.[2]) {
        throw notFound(messages.imageNotFound);
      }
      return { contentType: row.contentType, bytes: row.bytes };
    },
  };
}

export type ImagesService = ReturnType<typeof imagesService>;
