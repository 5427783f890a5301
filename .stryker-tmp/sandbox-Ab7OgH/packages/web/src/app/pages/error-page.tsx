// @ts-nocheck
import { Button, Flex, Result } from 'antd';
import { Link } from 'react-router';
import { href } from '@/lib/routes.ts';

const texts = {
  403: { title: 'Forbidden Error!', subTitle: 'You are not allowed to see this page.' },
  404: { title: 'Page Not Found !', subTitle: 'The page or item you asked for does not exist.' },
  500: { title: 'Internal Server Error !', subTitle: 'Please try after some time' },
} as const;

/** /page/error/403, /page/error/404 and /page/error/500. */
export function ErrorPage({ code }: { code: keyof typeof texts }) {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh' }}>
      <Result
        status={String(code) as '403' | '404' | '500'}
        title={texts[code].title}
        subTitle={texts[code].subTitle}
        extra={
          <Link to={href('home')}>
            <Button type="primary">Back to Home</Button>
          </Link>
        }
      />
    </Flex>
  );
}
