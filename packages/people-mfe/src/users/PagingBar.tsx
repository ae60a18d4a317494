import { Button, Space, Typography } from 'antd';
import { pageOfText, type PagingFigures, showingText } from './paging';

interface Props {
  figures: PagingFigures;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

export function PagingBar({ figures, onPageChange, disabled = false }: Props) {
  return (
    <nav
      aria-label="Users pages"
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        marginTop: 16,
        gap: 16,
      }}
    >
      <Typography.Text type="secondary">{showingText(figures)}</Typography.Text>
      <Space>
        <Button
          disabled={disabled || !figures.hasPrevious}
          onClick={() => onPageChange(figures.page - 1)}
        >
          Previous
        </Button>
        <Typography.Text>{pageOfText(figures)}</Typography.Text>
        <Button
          disabled={disabled || !figures.hasNext}
          onClick={() => onPageChange(figures.page + 1)}
        >
          Next
        </Button>
      </Space>
    </nav>
  );
}
