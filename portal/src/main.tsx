import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installGlobalErrorReporting, reportClientError } from './lib/client-error-reporter';
import { startPreviewMode } from './lib/preview/preview-mode';
import { createQueryClient } from './lib/query-client';

installGlobalErrorReporting();

const queryClient = createQueryClient();
// Inside the admin's preview frame only (a live ?previewToken=): follow the admin's draft.
void startPreviewMode({ queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('The portal page has no #root element');

createRoot(container, {
  onUncaughtError: (error) => reportClientError(error),
  onCaughtError: (error) => reportClientError(error),
}).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
