// @ts-nocheck
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/lib/dayjs.ts';
import './styles.css';
import { App } from '@/app/app.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
