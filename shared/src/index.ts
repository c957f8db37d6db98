export * from './errors';
export * from './contract/envelope';
export * from './contract/system';
