import { memo } from 'react';
import { Col, Collapse, Form, Input, Row } from 'antd';
import type { ProductSlot } from '@growth-admin/shared-client';
import { PRODUCT_SLOTS } from './options';

interface Props {
  value: Record<ProductSlot, string>;
  onChange(value: Record<ProductSlot, string>): void;
  defaultExpanded: boolean;
}

/** The six product id slots (10001-10006) in a collapsible panel. */
export const ProductIdListField = memo(function ProductIdListField({ value, onChange, defaultExpanded }: Props) {
  return (
    <Collapse
      size="small"
      defaultActiveKey={defaultExpanded ? ['products'] : []}
      items={[
        {
          key: 'products',
          label: 'Product ID List',
          children: (
            <Row gutter={12}>
              {PRODUCT_SLOTS.map((slot) => (
                <Col key={slot} xs={24} sm={12}>
                  <Form.Item label={slot} htmlFor={`product-${slot}`} style={{ marginBottom: 8 }}>
                    <Input
                      id={`product-${slot}`}
                      placeholder="Product ID"
                      value={value[slot]}
                      onChange={(e) => onChange({ ...value, [slot]: e.target.value })}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          ),
        },
      ]}
    />
  );
});
