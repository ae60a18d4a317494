// An export as an HTTP answer: the total first when known (X-Total-Count, for the progress bar), then
// the CSV (src/http/csv.ts) streamed batch by batch. The stream pulls the next batch only when the
// socket has taken the last one, and stops querying when the client goes away (a cancelled download).
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Queryable, Row } from '../../db';
import { csvRow, type CsvValue } from '../../http/csv';
import { keysetBatches, type KeysetQuery } from './keyset';

/** A list export read by keyset batches from one table. */
export interface CsvExport {
  /** The file name's stem, e.g. 'orders' → orders-2026-11-23.csv. */
  name: string;
  total: number;
  header: readonly string[];
  query: KeysetQuery;
  toCells(row: Row): CsvValue[];
}

/** Any export: its file name's stem, header, and records in batches. */
export interface CsvStream {
  name: string;
  total?: number;
  header: readonly string[];
  batches: AsyncIterable<readonly CsvValue[][]>;
}

/** A UTF-8 byte-order mark: spreadsheets then read non-ASCII names right. */
const BOM = '\uFEFF';

async function* csvChunks({ header, batches }: CsvStream): AsyncGenerator<string> {
  yield BOM + csvRow(header);
  for await (const records of batches) {
    let chunk = '';
    for (const cells of records) chunk += csvRow(cells);
    yield chunk;
  }
}

export function sendCsvStream(reply: FastifyReply, e: CsvStream): FastifyReply {
  const day = new Date().toISOString().slice(0, 10);
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${e.name}-${day}.csv"`)
    .header('Cache-Control', 'no-store');
  if (e.total !== undefined) reply.header('X-Total-Count', String(e.total));
  return reply.send(Readable.from(csvChunks(e), { objectMode: false, highWaterMark: 1 }));
}

async function* keysetRecords(q: Queryable, e: CsvExport): AsyncGenerator<CsvValue[][]> {
  for await (const rows of keysetBatches(q, e.query)) yield rows.map(e.toCells);
}

export const sendCsv = (reply: FastifyReply, q: Queryable, e: CsvExport): FastifyReply =>
  sendCsvStream(reply, { name: e.name, total: e.total, header: e.header, batches: keysetRecords(q, e) });
