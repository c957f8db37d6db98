import type { ReactNode } from 'react';
import { Col, Row } from 'antd';

/** Two form fields side by side from small screens up, one under the other on phones. */
export function FieldPair({ children }: { children: [ReactNode, ReactNode] }) {
  const [first, second] = children;
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        {first}
      </Col>
      <Col xs={24} sm={12}>
        {second}
      </Col>
    </Row>
  );
}
