import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/admin-app';

const container = document.getElementById('root');
if (!container) throw new Error('The admin page has no #root element');
createRoot(container).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
