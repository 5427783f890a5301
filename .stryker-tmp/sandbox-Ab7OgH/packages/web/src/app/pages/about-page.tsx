// @ts-nocheck
import { Typography } from 'antd';
import { Page } from '@/components/page.tsx';

export function AboutPage() {
  return (
    <Page title="About">
      <Typography.Paragraph>
        Campaign Console manages everything around a bulk e-mail campaign: email lists and their categories, offers,
        PMTA and SMTP sending infrastructure, messages, campaigns, and delivery and profit reports.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        The API is described at <a href="/api/docs">/api/docs</a>.
      </Typography.Paragraph>
    </Page>
  );
}
