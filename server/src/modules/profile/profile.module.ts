import type { AppModule } from '../../app-module';
import { createLoginHistoryService } from '../auth/login-history.service';
import { loginHistoryRoutes } from './login-history.routes';

/** The profile area (login history so far). */
export const profileModule: AppModule = async ({ app, db, clock }) => {
  await app.register(loginHistoryRoutes, {
    loginHistory: createLoginHistoryService({ db, clock }),
  });
};
