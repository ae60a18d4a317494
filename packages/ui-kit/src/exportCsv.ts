// Downloads a list's CSV export (GET /orders/exportOrders, /orders/exportPayments, /persons/export)
// as it streams, counting the rows so far against the X-Total-Count the API sends first; an
// AbortSignal cancels it (the server then stops reading).
import { request, type QueryValue } from '@growth-admin/shared-client';

export type ExportPath = '/api/admin/orders/exportOrders' | '/api/admin/orders/exportPayments' | '/api/admin/persons/export';

export interface CsvDownload {
  blob: Blob;
  fileName: string;
  /** Data rows (the header not counted). */
  rows: number;
}

/**
 * Counts CSV records as they stream: a line break inside a quoted cell is no record end. Quotes
 * toggle the state (a doubled quote toggles twice), so the state carries across chunks.
 */
export function csvRecordCounter(): (chunk: string) => number {
  let quoted = false;
  let records = 0;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 34) quoted = !quoted;
      else if (c === 10 && !quoted) records++;
    }
    return records;
  };
}

/** The file name the server proposes (`attachment; filename="orders-2026-11-23.csv"`). */
const fileNameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

export async function downloadCsv(
  path: ExportPath,
  query: Record<string, QueryValue>,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (rows: number, total: number | null) => void } = {},
): Promise<CsvDownload> {
  // The one signed request path (signature, token, 401 and error handling); the body streams.
  const response = await request<Response>('GET', path, { query, raw: true, signal });
  const totalHeader = response.headers.get('X-Total-Count');
  const total = totalHeader === null ? null : Number(totalHeader);
  const count = csvRecordCounter();
  const parts: BlobPart[] = [];
  let rows = 0;
  onProgress?.(0, total);
  if (response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true }); // keep the byte-order mark in the file
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      rows = Math.max(0, count(decoder.decode(value, { stream: true })) - 1);
      onProgress?.(rows, total);
    }
  } else {
    const text = await response.text();
    parts.push(text);
    rows = Math.max(0, count(text) - 1);
    onProgress?.(rows, total);
  }
  return { blob: new Blob(parts, { type: 'text/csv;charset=utf-8' }), fileName: fileNameOf(response.headers.get('Content-Disposition'), 'export.csv'), rows };
}

/** Saves a blob as a file, as a download link would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the blob to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
