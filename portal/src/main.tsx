import { createQueryClient } from '@portal/web-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRouteCode } from './app/router';
import { installGlobalErrorReporting, reportClientError } from './lib/client-error-reporter';
import { currentPreviewToken } from './lib/preview/preview-token';
import { applicationOptionsQuery } from './lib/settings/get-application-options';
import { startProfileCheck } from './lib/session/startup-profile';

installGlobalErrorReporting();

startProfileCheck(window.location.hash);
preloadRouteCode(window.location.hash);
const queryClient = createQueryClient();
// The start-up settings, asked for with the page (App waits for them before anything renders).
void queryClient.prefetchQuery(applicationOptionsQuery());
// Inside the admin's preview frame or pop-out window only (a live ?previewToken=): follow the
// admin's draft. Loaded on demand so borrowers never download the preview code.
if (currentPreviewToken() && (window.parent !== window || window.opener)) {
  void import('./lib/preview/preview-mode').then(({ startPreviewMode }) =>
    startPreviewMode({ queryClient }),
  );
}

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
