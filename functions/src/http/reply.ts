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

/** A body that is not the envelope (CSV, an image, a redirect's empty body); never cached either. */
export const rawReply = (
  status: number,
  contentType: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
): HttpResult =>
  typeof body === 'string'
    ? {
        statusCode: status,
        headers: { 'content-type': contentType, 'cache-control': 'no-store', ...headers },
        body,
      }
    : {
        statusCode: status,
        headers: { 'content-type': contentType, 'cache-control': 'no-store', ...headers },
        body: Buffer.from(body).toString('base64'),
        isBase64Encoded: true,
      };
