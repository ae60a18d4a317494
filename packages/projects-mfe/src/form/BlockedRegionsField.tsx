import { memo } from 'react';
import { Button, Flex, Typography } from 'antd';
import type { BlockedRegion } from '@growth-admin/shared-client';
import { BLOCKED_REGION_OPTIONS } from './options';

interface Props {
  value: BlockedRegion[];
  onChange(regions: BlockedRegion[]): void;
}

/** Toggles a region, keeping the options' order so the saved list is stable. */
export function toggleRegion(current: readonly BlockedRegion[], region: BlockedRegion): BlockedRegion[] {
  const next = current.includes(region) ? current.filter((r) => r !== region) : [...current, region];
  return BLOCKED_REGION_OPTIONS.map((o) => o.code).filter((code) => next.includes(code));
}

export const BlockedRegionsField = memo(function BlockedRegionsField({ value, onChange }: Props) {
  return (
    <div role="group" aria-labelledby="blocked-regions-label">
      <Typography.Text strong id="blocked-regions-label">
        Blocked Regions
      </Typography.Text>
      <Flex gap={8} wrap="wrap" style={{ marginTop: 8 }}>
        {BLOCKED_REGION_OPTIONS.map(({ code, name }) => {
          const blocked = value.includes(code);
          return (
            <Button
              key={code}
              shape="round"
              size="small"
              color={blocked ? 'danger' : 'default'}
              variant={blocked ? 'solid' : 'outlined'}
              aria-pressed={blocked}
              onClick={() => onChange(toggleRegion(value, code))}
            >
              <strong>{code}</strong> {name}
            </Button>
          );
        })}
      </Flex>
    </div>
  );
});
