export * from './envelope';
export * from './api/setup';
export * from './api/login';
export * from './api/accounts';
export * from './api/session';
export * from './api/admin';
