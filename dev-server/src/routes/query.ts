/** zod pieces for query strings and path parameters (Express hands them over as strings). */
import { z } from 'zod';

/** A whole number 1..max written in plain digits. */
export function positiveInt(max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, 'Must be a whole number.')
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, { message: `Must be between 1 and ${max}.` });
}

export const booleanParam = z.enum(['true', 'false'], { message: "Must be 'true' or 'false'." }).transform((v) => v === 'true');
