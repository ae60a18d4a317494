import { Button, Space, Typography } from 'antd';
import { showingText, type PagingFigures } from '../lib/paging';

interface PagerProps {
  figures: PagingFigures;
  page: number;
  noun: string;
  onPageChange: (page: number) => void;
  /** Paging is off while a page is loading, so clicks cannot skip pages blindly. */
  disabled?: boolean;
}

/** 'Showing X to Y of N orders', Previous / Next and 'Page p of n'. */
export function Pager({ figures, page, noun, onPageChange, disabled = false }: PagerProps) {
  return (
    <nav
      aria-label={`${noun} pages`}
      style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 12 }}
    >
      <Typography.Text type="secondary">{showingText(figures, noun)}</Typography.Text>
      <Space>
        <Button disabled={disabled || !figures.hasPrevious} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Typography.Text>
          {`Page ${page} of ${figures.pageCount}`}
        </Typography.Text>
        <Button disabled={disabled || !figures.hasNext} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </Space>
    </nav>
  );
}
