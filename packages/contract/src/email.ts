import { z } from 'zod';
import { text } from './common';
import { VALIDATION_MESSAGES as V } from './messages';

/**
 * An e-mail address as every form takes it. A module of its own, not auth.ts: the console's staff schema uses it,
 * and importing auth.ts there changed how the web build groups the fans' account forms.
 */
export const emailField = text().trim().toLowerCase().max(254).pipe(z.email(V.email));
