import { memo } from 'react';
import { Button, Flex } from 'antd';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { FLAG_TOGGLES, type FlagKey } from './options';

interface Props {
  values: Record<FlagKey, boolean>;
  onToggle(flag: FlagKey): void;
}

/** Online, Testing Mode, Push Notifications, Rate App as toggle buttons (aria-pressed). */
export const FlagToggles = memo(function FlagToggles({ values, onToggle }: Props) {
  return (
    <Flex role="group" aria-label="Project settings" gap={8} wrap="wrap">
      {FLAG_TOGGLES.map(({ key, label }) => {
        const on = values[key];
        return (
          <Button
            key={key}
            aria-pressed={on}
            type={on ? 'primary' : 'default'}
            icon={on ? <CheckOutlined aria-hidden /> : undefined}
            onClick={() => onToggle(key)}
          >
            {label}
          </Button>
        );
      })}
    </Flex>
  );
});
