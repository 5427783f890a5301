// @ts-nocheck
import type { ReactNode } from 'react';
import { Button, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate } from 'react-router';
import { href } from '@/lib/routes.ts';
import { Page } from './page.tsx';

export interface EditPageProps {
  /** `useRouteId()`: a malformed id shows the 404 page, never an empty Create form. */
  routeId: number | undefined | 'malformed';
  /** 'Create Offer' / `Edit Offer #${id}`. */
  title: ReactNode;
  back: { label: string; to: string };
  /** More buttons of the page header, left of the back button (e.g. 'View emails'). */
  extra?: ReactNode;
  /** True while the item being edited has not arrived (an unknown id leads to the 404 page, lib/http.ts). */
  loading: boolean;
  /** The form (from the shared schema), with its errors card and Save. */
  children: ReactNode;
}

/** The frame of every create/edit screen: title, back button, the form once its item has loaded. */
export function EditPage({ routeId, title, back, extra, loading, children }: EditPageProps) {
  if (routeId === 'malformed') return <Navigate to={href('error404')} replace />;
  return (
    <Page
      title={title}
      extra={
        <Space wrap>
          {extra}
          <Link to={back.to}>
            <Button icon={<ArrowLeftOutlined />}>{back.label}</Button>
          </Link>
        </Space>
      }
    >
      {loading ? <Skeleton active /> : children}
    </Page>
  );
}
