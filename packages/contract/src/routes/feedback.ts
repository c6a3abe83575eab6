import type { CallRoute } from '../api/call.js';

/*
 * Method, path and access of the calls in api/feedback.ts, as plain data the browser imports without the schema
 * library (`import * as feedbackRoutes from '@tessera/contract/routes/feedback'`; unused routes drop out of the bundle).
 */

export const submitFeedback = {
  id: 'feedback.submit',
  method: 'PUT',
  path: '/wps/feedback',
  auth: 'optional',
} as const satisfies CallRoute;
