// @ts-nocheck
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import updateLocale from 'dayjs/plugin/updateLocale';
import utc from 'dayjs/plugin/utc';

// 'Do' (1st, 2nd, ...) in the notifications' 'MMMM Do YYYY H:mm' needs advancedFormat.
dayjs.extend(advancedFormat);
dayjs.extend(utc);
// Report date pickers: weeks start on Monday (spec 3 §9).
dayjs.extend(updateLocale);
dayjs.updateLocale('en', { weekStart: 1 });

export const NOTIFICATION_DATE = 'MMMM Do YYYY H:mm';
export const LIST_DATE = 'D.M.YYYY';

export { dayjs };
