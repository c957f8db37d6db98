import { describe, expect, it } from 'vitest';
import { httpClient } from './http-client-refused';

describe("the bundles' stand-in for jsonld's HTTP client", () => {
  it('refuses every request with the URL and the reason instead of fetching', () => {
    for (const call of [httpClient.get, httpClient.post, httpClient.head]) {
      expect(() => call('https://www.w3.org/ns/credentials/v2')).toThrow(
        /JSON-LD context https:\/\/www\.w3\.org\/ns\/credentials\/v2 would be fetched over HTTP; .*offline only/,
      );
    }
  });
});
