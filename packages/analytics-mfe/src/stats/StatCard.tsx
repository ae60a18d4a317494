import { Card, Typography } from 'antd';
import { useIsDarkTheme } from '../charts/skin';
import { CHANGE_SUFFIX, DARK_CHANGE_COLORS, type StatCardModel } from './statCards';

/** One figure with its change since the last period; the sign carries the direction as well as the colour. */
export function StatCard({ model }: { model: StatCardModel }) {
  const titleId = `stat-${model.key}-title`;
  const color = useIsDarkTheme() ? DARK_CHANGE_COLORS[model.positive ? 'up' : 'down'] : model.color;
  return (
    <Card role="group" aria-labelledby={titleId} data-testid={`stat-${model.key}`}>
      <Typography.Text type="secondary" id={titleId}>
        {model.title}
      </Typography.Text>
      <div style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.3, margin: '4px 0' }} data-testid="stat-value">
        {model.value}
      </div>
      <Typography.Text style={{ fontSize: 13 }}>
        <span style={{ color, fontWeight: 600 }} data-testid="stat-change">
          {model.change}
        </span>{' '}
        <Typography.Text type="secondary">{CHANGE_SUFFIX}</Typography.Text>
      </Typography.Text>
    </Card>
  );
}
