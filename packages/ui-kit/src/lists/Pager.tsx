import { Button, Space, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { pageOfText, type PagingFigures, showingText } from './paging';

export interface PagerProps {
  figures: PagingFigures;
  /** What the list holds, plural: 'users', 'orders'. */
  noun: string;
  onPageChange: (page: number) => void;
  /** Paging is off while a page loads, so clicks cannot skip pages blindly. */
  disabled?: boolean;
  style?: CSSProperties;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Showing X to Y of N <noun>', Previous, 'Page p of n', Next: the pager of every list. */
export function Pager({ figures, noun, onPageChange, disabled = false, style }: PagerProps) {
  return (
    <nav
      aria-label={`${capitalized(noun)} pages`}
      style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 12, ...style }}
    >
      <Typography.Text type="secondary">{showingText(figures, noun)}</Typography.Text>
      <Space>
        <Button disabled={disabled || !figures.hasPrevious} onClick={() => onPageChange(figures.page - 1)}>
          Previous
        </Button>
        <Typography.Text>{pageOfText(figures)}</Typography.Text>
        <Button disabled={disabled || !figures.hasNext} onClick={() => onPageChange(figures.page + 1)}>
          Next
        </Button>
      </Space>
    </nav>
  );
}
