// @ts-nocheck
import { errorDialog, operationError } from '@/components/feedback.tsx';

/** Reports: a refused call shows a dialog titled 'Error' with the first error, or 'status: statusText' (spec 3 §8). */
export const reportErrorDialog = (e: unknown) => errorDialog(new Error(operationError(e)), 'Error');
