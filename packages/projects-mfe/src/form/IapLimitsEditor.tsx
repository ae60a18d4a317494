import { memo, useEffect, useRef, useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import type { InputRef } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { addRow, editAmount, editCode, removeRow, type IapRow, type IapRowErrors } from './iapLimits';

interface Props {
  rows: IapRow[];
  errors: Record<string, IapRowErrors>;
  onChange(rows: IapRow[]): void;
}

export const IapLimitsEditor = memo(function IapLimitsEditor({ rows, errors, onChange }: Props) {
  // Focus the code of a row just added with 'Add Country', so the keyboard flow continues there.
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const addedRef = useRef<InputRef>(null);
  useEffect(() => {
    if (addedKey) addedRef.current?.focus();
  }, [addedKey]);

  const add = () => {
    const next = addRow(rows);
    setAddedKey(next[next.length - 1].key);
    onChange(next);
  };

  return (
    <div role="group" aria-labelledby="iap-limits-label">
      <Flex justify="space-between" align="center">
        <Typography.Text strong id="iap-limits-label">
          IAP Country Revenue Limits
        </Typography.Text>
        <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={add}>
          Add Country
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }} id="iap-limits-help">
        Maximum in-app purchase revenue per country, in USD per 24 hours. A limit of 0 disables in-app purchases in that
        country; a country that is not listed has no limit.
      </Typography.Paragraph>
      {rows.length === 0 && (
        <Typography.Text type="secondary" italic>
          No limits set: in-app purchases are unlimited in every country.
        </Typography.Text>
      )}
      {rows.map((row, index) => {
        const rowErrors = errors[row.key] ?? {};
        const name = row.code || `row ${index + 1}`;
        const codeId = `iap-code-${row.key}`;
        const amountId = `iap-amount-${row.key}`;
        const amountHint = row.code && !row.amount.trim() ? 'No amount: this country will have no limit' : undefined;
        return (
          <Flex key={row.key} gap={8} align="flex-start" data-testid="iap-row">
            <Form.Item
              style={{ width: 160, marginBottom: 8 }}
              validateStatus={rowErrors.code ? 'error' : undefined}
              help={rowErrors.code}
            >
              <Input
                id={codeId}
                ref={row.key === addedKey ? addedRef : undefined}
                aria-label={`Country code ${index + 1}`}
                aria-describedby="iap-limits-help"
                placeholder="US"
                maxLength={2}
                value={row.code}
                onChange={(e) => onChange(editCode(rows, row.key, e.target.value))}
              />
            </Form.Item>
            <Form.Item
              style={{ flex: 1, marginBottom: 8 }}
              validateStatus={rowErrors.amount ? 'error' : amountHint ? 'warning' : undefined}
              help={rowErrors.amount ?? amountHint}
            >
              <Input
                id={amountId}
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                prefix="$"
                suffix="/ 24h"
                aria-label={`USD limit per 24 hours for ${name}`}
                placeholder="No limit"
                value={row.amount}
                onChange={(e) => onChange(editAmount(rows, row.key, e.target.value))}
              />
            </Form.Item>
            <Button
              aria-label={`Remove ${name}`}
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => onChange(removeRow(rows, row.key))}
            />
          </Flex>
        );
      })}
    </div>
  );
});
