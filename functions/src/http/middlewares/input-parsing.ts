import type middy from '@middy/core';
import type * as z from 'zod';
import { AppError, badRequest } from '@proofmark/shared/errors';
import { bodyTextOf, type HttpEvent } from '../event';
import type { RouteContext } from '../route-context';

const parseWith = (schema: z.ZodType, raw: unknown): unknown => {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(details[0]?.message ?? 'Invalid request.', details);
  }
  return parsed.data;
};

const jsonOf = (text: string): unknown => {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
};

/**
 * Parses path parameters, query and JSON body with the route's schemas from the contract; a bad
 * input is a 400 that names each field. A route whose body is its handler's (`rawBody`) gets none.
 */
export const inputParsing = (): middy.MiddlewareObj<HttpEvent, unknown, Error, RouteContext> => ({
  before: async (request) => {
    const { event, context } = request;
    const route = context.route!;
    const params = route.params
      ? parseWith(route.params, event.pathParameters ?? {})
      : { ...event.pathParameters };
    const query = route.query ? parseWith(route.query, event.queryStringParameters ?? {}) : {};
    let body: unknown;
    if (!route.rawBody) {
      const text = bodyTextOf(event);
      if (route.maxBodyLength !== undefined && text.length > route.maxBodyLength)
        throw new AppError('payload_too_large', 'The request is too large.');
      if (route.body) body = parseWith(route.body, jsonOf(text));
    }
    context.input = { params, query, body };
  },
});
