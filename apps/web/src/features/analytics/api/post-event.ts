import { postJson } from './post-json';

/** The body of `POST {base}/events` (contract: `analyticsEventBodySchema`). */
export type EventBody = {
  key: string;
  session: string;
  name: string;
  page?: string;
  previous_page?: string | null;
  properties?: Record<string, string | number | boolean | null>;
};

/** `POST {base}/events`: page views and other events. */
export const postEvent = (base: string, body: EventBody) => postJson(`${base}/events`, body);
