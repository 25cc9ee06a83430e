import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '#server/config.ts';
import { STARTER_CATALOGUE } from '#server/catalogue/starter-catalogue.ts';
import { catalogueSource } from './catalogue-source.ts';
import type { MetadataSource } from './metadata-source.ts';
import { musicBrainzSource } from './musicbrainz-source.ts';

/**
 * The metadata sources in the order they are asked: the bundled catalogue (offline, exact,
 * instant), then MusicBrainz unless MUSICBRAINZ_ENABLED=false.
 */
export function metadataSources(
  config: Pick<AppConfig, 'metadata' | 'supportEmail' | 'publicUrl'>,
  log: FastifyBaseLogger,
): MetadataSource[] {
  const sources = [catalogueSource(STARTER_CATALOGUE)];
  if (config.metadata.musicbrainzEnabled) {
    sources.push(
      musicBrainzSource({
        baseUrl: config.metadata.musicbrainzUrl,
        // MusicBrainz asks every application to name itself and a way to reach its operator.
        userAgent: `SongRequests/0.1 ( ${config.supportEmail ?? config.publicUrl} )`,
        timeoutMs: config.metadata.musicbrainzTimeoutMs,
        minIntervalMs: config.metadata.musicbrainzMinIntervalMs,
        log,
      }),
    );
  }
  return sources;
}
