// @ts-nocheck
import type { ActivityReportBody, ActivityReportResponse } from '@console/shared/activity-report';
import { useReport } from '@/components/reports/use-report.ts';

export const activityReportKey = 'activity-report';

/** POST /api/activity-report: only once Get was pressed (`body` set). */
export const useActivityReport = (body: ActivityReportBody | undefined) =>
  useReport<ActivityReportResponse>(activityReportKey, '/activity-report', body);
