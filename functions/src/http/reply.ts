import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResult = APIGatewayProxyStructuredResultV2;

/** Every answer is JSON and never cached: `{Status, message, Data}`, or the error envelope. */
export const jsonReply = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResult => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(body),
});
