import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { toApiError, type QueryValue, type ToastApi } from '@growth-admin/shared-client';
import { downloadCsv, type ExportPath, saveFile } from '../exportCsv';

export interface ExportCsvButtonProps {
  path: ExportPath;
  /** Exactly the list's filters and sort (no page), built when the export starts. */
  query: () => Record<string, QueryValue>;
  /** 'orders', 'payments', 'users': the messages' noun. */
  noun: string;
  toast: ToastApi;
}

const count = new Intl.NumberFormat('en-US');

/**
 * Export CSV of a list: every page of the current filter and sort, downloaded as it streams, with
 * the rows so far of the total and a Cancel (which stops the server too).
 */
export function ExportCsvButton({ path, query, noun, toast }: ExportCsvButtonProps) {
  const [progress, setProgress] = useState<{ rows: number; total: number | null } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const exportButton = useRef<HTMLButtonElement>(null);
  // Leaving the screen cancels a running export.
  useEffect(() => () => controller.current?.abort(), []);
  // The focus moves to Cancel while it runs, and back to Export CSV after (both replace each other).
  const running = progress !== null;
  const ran = useRef(false);
  useEffect(() => {
    if (running) cancelButton.current?.focus();
    else if (ran.current) exportButton.current?.focus();
    ran.current ||= running;
  }, [running]);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ rows: 0, total: null });
    try {
      const file = await downloadCsv(path, query(), { signal: abort.signal, onProgress: (rows, total) => setProgress({ rows, total }) });
      saveFile(file.blob, file.fileName);
      toast.success(`Exported ${count.format(file.rows)} ${noun}`);
    } catch (err) {
      if (abort.signal.aborted) toast.info('Export cancelled');
      else toast.error(`Failed to export ${noun}: ${toApiError(err).message}`);
    } finally {
      if (controller.current === abort) controller.current = null;
      setProgress(null);
    }
  };

  if (!progress) {
    return (
      <Button ref={exportButton} onClick={() => void start()}>
        Export CSV
      </Button>
    );
  }
  const { rows, total } = progress;
  return (
    <Flex align="center" gap={8}>
      <div style={{ minWidth: 180 }}>
        <Typography.Text role="status" aria-live="polite">
          {total === null ? 'Starting export...' : `Exporting ${count.format(rows)} of ${count.format(total)} ${noun}`}
        </Typography.Text>
        {/* The text above says it in words; the bar is for the eye. */}
        <progress value={rows} max={total || 1} aria-hidden style={{ display: 'block', width: '100%', height: 6 }} />
      </div>
      <Button ref={cancelButton} onClick={() => controller.current?.abort()}>
        Cancel
      </Button>
    </Flex>
  );
}
