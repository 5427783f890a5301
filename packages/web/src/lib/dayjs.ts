import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

// 'Do' (1st, 2nd, ...) in the notifications' 'MMMM Do YYYY H:mm' needs advancedFormat.
dayjs.extend(advancedFormat);

export const NOTIFICATION_DATE = 'MMMM Do YYYY H:mm';
export const LIST_DATE = 'D.M.YYYY';

export { dayjs };
