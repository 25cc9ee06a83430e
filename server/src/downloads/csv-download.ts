import type { FastifyReply } from 'fastify';

/** Sends CSV text as a file download (with a BOM, so spreadsheet apps read UTF-8 names right). */
export function csvDownload(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(`\uFEFF${csv}`);
}
