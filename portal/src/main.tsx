import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installGlobalErrorReporting, reportClientError } from './lib/client-error-reporter';
import { createQueryClient } from './lib/query-client';

installGlobalErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('The portal page has no #root element');

createRoot(container, {
  onUncaughtError: (error) => reportClientError(error),
  onCaughtError: (error) => reportClientError(error),
}).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
