export interface Notification {
  id: number;
  subject: string;
  message: string;
  date: string;
}
