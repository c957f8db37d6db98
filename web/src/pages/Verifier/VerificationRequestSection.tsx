import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../queryClient';
import { theme } from '../../theme';
import { REQUEST_PARAM, VerificationRequestCard } from './VerificationRequestCard';

const queryClient = createQueryClient();

/**
 * The paid verification request of an organisation's verifier page, with what its card needs
 * (antd's theme, a query cache). The verifier app loads it lazily, after the page has painted, so
 * checking a certificate never waits for antd, the API client or the payment form.
 */
export default function VerificationRequestSection({
  slug,
  search,
}: {
  slug: string;
  search: URLSearchParams;
}) {
  return (
    <ConfigProvider theme={theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <VerificationRequestCard slug={slug} returnedRequest={search.get(REQUEST_PARAM) ?? undefined} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
