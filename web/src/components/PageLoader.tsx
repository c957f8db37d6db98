import { Flex, Spin } from 'antd';

/** Shown while a screen's code is fetched, so a slow network shows progress rather than a blank page. */
export function PageLoader() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '50vh' }}>
      <Spin size="large" />
    </Flex>
  );
}
