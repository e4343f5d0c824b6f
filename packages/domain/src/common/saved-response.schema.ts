import { z } from './zod';

/**
 * Answer of a create or update call: the success toast (spec §8: a 200 with `message` is shown) and the row as
 * stored, so the client can update its table without asking again. Used by units and materials (spec §7
 * "Company reference data", "Shared (template-level) reference data").
 */
export const savedResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({ message: z.string(), data: item });
export type SavedResponse<T> = { message: string; data: T };
