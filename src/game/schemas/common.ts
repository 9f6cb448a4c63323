import { z } from 'zod';
import { EMAIL_MAX } from '../limits.js';

/** The spec's "simple address pattern": something@something.tld with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required string field: non-strings and blanks give `requiredMessage`. */
export const requiredString = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, { error: requiredMessage });

export const emailField = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(EMAIL_MAX, { error: invalidMessage })
    .regex(EMAIL_PATTERN, { error: invalidMessage });
