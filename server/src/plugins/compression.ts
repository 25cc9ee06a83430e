import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers are sent as they are: compressing them costs more time than it saves bytes. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (JSON, the CSV downloads) above the threshold, brotli first and gzip for
 * the clients without it. Brotli runs at quality 4, which is fast enough to do per request; the
 * built client is compressed once at build time at the highest quality and served as it is
 * (its `Content-Encoding` is already set, so this plugin leaves it alone). Socket.IO answers on the
 * HTTP server before Fastify, so it never goes through here.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      // No client of ours sends compressed bodies: do not accept them (nor the zip bombs).
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
