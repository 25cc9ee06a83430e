import { messages } from '#shared/messages.ts';
import type { FlyerPaper } from '#shared/schemas/audience.ts';
import { notFound } from '#server/http/errors.ts';
import { toDesignSettings } from '#server/design/design-mapper.ts';
import type { DesignRepository } from '#server/design/design-repository.ts';
import type { MusiciansRepository } from '#server/musicians/musicians-repository.ts';
import { flyerNote, type FlyerContent } from './flyer-layout.ts';
import { flyerPdf } from './flyer-pdf.ts';
import { flyerPng } from './flyer-png.ts';
import { qrPng, qrSvg } from './qr-render.ts';

interface Deps {
  musicians: MusiciansRepository;
  design: DesignRepository;
}

/**
 * The musician's QR code and printable flyer, both pointing at the audience link
 * `{public url}/musician/{slug}`. The public url is the caller's (GET /api/config's answer), so
 * the code on the table and the link on the dashboard never disagree.
 */
export function qrCodeService({ musicians, design }: Deps) {
  async function flyerContent(musicianId: string, publicUrl: string): Promise<FlyerContent> {
    const musician = await musicians.findById(musicianId);
    if (!musician) throw notFound(messages.musicianNotFound);
    const settings = toDesignSettings(await design.find(musicianId), musician);
    const link = audienceLink(publicUrl, musician.slug);
    return {
      stageName: musician.name,
      link,
      colorScheme: settings.color_scheme,
      note: flyerNote(link),
    };
  }

  return {
    async png(musicianId: string, publicUrl: string): Promise<Buffer> {
      return qrPng((await flyerContent(musicianId, publicUrl)).link);
    },

    async svg(musicianId: string, publicUrl: string): Promise<string> {
      return qrSvg((await flyerContent(musicianId, publicUrl)).link);
    },

    /** The spec's `{flyer}`: the flyer image as a PNG data URL. */
    async flyerImage(musicianId: string, publicUrl: string): Promise<string> {
      const png = await flyerPng(await flyerContent(musicianId, publicUrl));
      return `data:image/png;base64,${png.toString('base64')}`;
    },

    async flyerPdf(musicianId: string, publicUrl: string, paper: FlyerPaper): Promise<Buffer> {
      return flyerPdf(await flyerContent(musicianId, publicUrl), paper);
    },
  };
}

export function audienceLink(publicUrl: string, slug: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/musician/${slug}`;
}

export type QrCodeService = ReturnType<typeof qrCodeService>;
