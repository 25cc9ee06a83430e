import { randomUUID } from 'node:crypto';
import { messages } from '#shared/messages.ts';
import type { DesignSettings, DesignSettingsUpdateBody } from '#shared/schemas/audience.ts';
import type { DomainEvents } from '#server/events/domain-events.ts';
import { badRequest, notFound } from '#server/http/errors.ts';
import {
  decodeImageDataUrl,
  isDataUrl,
  processImage,
  type ImageKind,
} from '#server/images/image-processing.ts';
import { imageUrl } from '#server/images/image-url.ts';
import type { NewImage } from '#server/images/images-repository.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import { toDesignSettings, type DesignRow } from '#server/design/design-mapper.ts';
import type { DesignChanges, DesignRepository } from '#server/design/design-repository.ts';

interface Deps {
  design: DesignRepository;
  musicians: MusiciansRepository;
  events: DomainEvents;
}

const IMAGE_COLUMNS = { artist_photo: 'artistPhoto', banner_image: 'bannerImage' } as const;

/** The musician's own design of their audience page (GET and PUT /design/settings). */
export function designService({ design, musicians, events }: Deps) {
  async function musicianOr404(musicianId: string) {
    const musician = await musicians.findById(musicianId);
    if (!musician) throw notFound(messages.musicianNotFound);
    return musician;
  }

  /**
   * What one image field asks for: undefined keeps the image (left out, or the URL the server
   * answered sent back), null removes it, a data URL uploads a new one. Anything else is 400.
   */
  async function imageChange(
    kind: ImageKind,
    value: string | null | undefined,
    current: DesignRow | undefined,
  ): Promise<{ url: string | null; image?: Omit<NewImage, 'musicianId'> } | undefined> {
    if (value === undefined || value === current?.[IMAGE_COLUMNS[kind]]) return undefined;
    if (value === null) return { url: null };
    if (!isDataUrl(value)) throw badRequest(messages.imageWrongType);
    const processed = await processImage(decodeImageDataUrl(value), kind);
    const id = randomUUID();
    return { url: imageUrl(id, processed.contentType), image: { id, ...processed } };
  }

  return {
    async get(musicianId: string): Promise<DesignSettings> {
      const musician = await musicianOr404(musicianId);
      return toDesignSettings(await design.find(musicianId), musician);
    },

    async update(musicianId: string, body: DesignSettingsUpdateBody): Promise<DesignSettings> {
      const musician = await musicianOr404(musicianId);
      const current = await design.find(musicianId);
      const changes: DesignChanges = {};
      if (body.color_scheme !== undefined) changes.colorScheme = body.color_scheme;
      if (body.layout_mode !== undefined) changes.layoutMode = body.layout_mode;
      if (body.show_year !== undefined) changes.showYear = body.show_year;
      if (body.show_notes !== undefined) changes.showNotes = body.show_notes;
      if (body.allow_song_suggestions !== undefined) {
        changes.allowSongSuggestions = body.allow_song_suggestions;
      }
      const newImages: NewImage[] = [];
      for (const kind of Object.keys(IMAGE_COLUMNS) as ImageKind[]) {
        // One at a time: decoding and resizing are CPU-bound, and the machine is shared.
        const change = await imageChange(kind, body[kind], current);
        if (!change) continue;
        changes[IMAGE_COLUMNS[kind]] = change.url;
        if (change.image) newImages.push({ ...change.image, musicianId });
      }
      const row = await design.save(musicianId, changes, newImages);
      const settings = toDesignSettings(row, musician);
      events.publish({ musicianId, name: 'design:updated', payload: settings });
      return settings;
    },
  };
}

export type DesignService = ReturnType<typeof designService>;
