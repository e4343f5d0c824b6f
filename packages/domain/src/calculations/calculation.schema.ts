import { z } from 'zod';

/**
 * Working-day lengths, hours (spec §5/§9), plus 7.7 h: the 38.5-hour week that is the legal norm for doctors and
 * nurses (MOZ Order 319 of 25.05.2006; docs/methodology.md "Inputs").
 */
export const WORKING_DAY_HOURS = [6, 6.5, 7, 7.5, 7.7, 8, 8.5, 9, 10, 12] as const;

/** Fee per calculation in an order, UAH (spec §9). */
export const ORDER_FEE_PER_CALCULATION = 240;

/**
 * A staff (time-cost) line of a calculation (spec §3 "stuff line"). `stuff` is the spec's legacy wire name for
 * staff; `quality` is the chosen position of the staffing table. Salary is UAH per month, `timeSpend` minutes,
 * `conditionPercent` percent, `workingDay` hours.
 */
export const stuffLineSchema = z.object({
  quality: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  salary: z.number().min(0).nullable(),
  timeSpend: z.number().int().min(0),
  conditionPercent: z.number().min(0),
  workingDay: z.number().refine((h) => (WORKING_DAY_HOURS as readonly number[]).includes(h), {
    message: 'Оберіть тривалість робочого дня зі списку.',
  }),
});
export type StuffLine = z.infer<typeof stuffLineSchema>;

/**
 * A material line (spec §3 "pill line"): price is UAH per one unit of `measurement_type` (the unit's name),
 * `spend` whole units per service.
 */
export const pillLineSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  price: z.number().min(0),
  spend: z.number().int().min(0),
  measurement_type: z.string(),
});
export type PillLine = z.infer<typeof pillLineSchema>;

/** The body of one service calculation: bonus % and profitability % with its staff and material lines. */
export const calculationContentSchema = z.object({
  bonus: z.number().min(0),
  profit: z.number().min(0),
  stuff: z.array(stuffLineSchema),
  pills: z.array(pillLineSchema),
});
export type CalculationContent = z.infer<typeof calculationContentSchema>;
