/**
 * `@portal/server/testing`: the server's test kit for the cross-package tests (tests/): a clock
 * tests move, the databases every suite runs on, and an app to sign in to.
 */
export { createTestClock } from './clock';
export type { TestClock } from './clock';
export { testDatabases } from './databases';
export type { TestDatabase } from './databases';
export { PORTAL_WRITE_HEADERS, signIn, startTestApp } from './test-app';
export type { SignedIn, TestApp } from './test-app';
