import * as z from 'zod';

/** Every answer carries Status, message and Data (spec: account-and-billing §3). */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ Status: z.number().int(), message: z.string(), Data: data });

export const errorBody = z.object({
  Status: z.number().int(),
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
