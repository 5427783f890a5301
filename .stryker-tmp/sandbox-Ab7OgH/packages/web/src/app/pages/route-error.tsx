// @ts-nocheck
import { Button, Flex, Result } from 'antd';
import { useRouteError } from 'react-router';

/** A screen that crashed while rendering: say so instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
      <Result
        status="500"
        title="Something went wrong on this screen."
        subTitle={error instanceof Error ? error.message : 'Please try after some time'}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </Flex>
  );
}
