export * from './envelope';
export * from './api/setup';
export * from './api/login';
