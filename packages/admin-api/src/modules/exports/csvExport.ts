// A list export as an HTTP answer: the total first (X-Total-Count, for the progress bar), then the
// CSV streamed batch by batch. The stream pulls the next batch only when the socket has taken the
// last one, and stops querying when the client goes away (a cancelled download).
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Queryable, Row } from '../../db';
import { csvRow } from '../../http/csv';
import { keysetBatches, type KeysetQuery } from './keyset';

export interface CsvExport {
  /** The file name's stem, e.g. 'orders' → orders-2026-11-23.csv. */
  name: string;
  total: number;
  header: readonly string[];
  query: KeysetQuery;
  toCells(row: Row): Array<string | number | boolean | null>;
}

/** A UTF-8 byte-order mark: spreadsheets then read non-ASCII names right. */
const BOM = '\uFEFF';

async function* csvChunks(q: Queryable, e: CsvExport): AsyncGenerator<string> {
  yield BOM + csvRow(e.header);
  for await (const rows of keysetBatches(q, e.query)) {
    let chunk = '';
    for (const row of rows) chunk += csvRow(e.toCells(row));
    yield chunk;
  }
}

export function sendCsv(reply: FastifyReply, q: Queryable, e: CsvExport): FastifyReply {
  const day = new Date().toISOString().slice(0, 10);
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${e.name}-${day}.csv"`)
    .header('X-Total-Count', String(e.total))
    .header('Cache-Control', 'no-store');
  return reply.send(Readable.from(csvChunks(q, e), { objectMode: false, highWaterMark: 1 }));
}
