export * from './errors';
export * from './api/envelope';
export * from './api/system';
