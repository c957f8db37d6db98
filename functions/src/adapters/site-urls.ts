import { functionConfig } from './function-config';

/*
 * Where this deployment serves the app and the public documents (APP_BASE_URL, PUBLIC_BASE_URL;
 * CloudFront in AWS, the local gateway on one machine), without a trailing slash. Domain code builds
 * its links on these and never reads the configuration itself.
 */
export const appBaseUrl = (): string => functionConfig().appBaseUrl;
export const publicBaseUrl = (): string => functionConfig().publicBaseUrl;
