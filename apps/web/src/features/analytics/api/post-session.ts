import { postJson } from './post-json';

/** The body of `POST {base}/session` (contract: `analyticsSessionBodySchema`). */
export type SessionBody = {
  key: string;
  profile: string | null;
  session: string;
  device_type: 'desktop' | 'mobile' | 'tablet' | 'tv' | 'other';
  user_agent: string;
  resolution: string;
  platform: string;
};

/** `POST {base}/session`: opens a 24 h session. */
export const postSession = (base: string, body: SessionBody) => postJson(`${base}/session`, body);
