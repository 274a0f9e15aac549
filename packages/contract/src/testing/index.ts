/**
 * Test data shared by the server's tests, the browser journeys and the bench (`@po/contract/testing`;
 * the apps never import it).
 */
export * from './registration.ts';
export * from './courier-job.ts';
