import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';

/**
 * A game's stream key: the secret an encoder (OBS, vMix, a camera, a phone app) publishes with. It is bound to one
 * game of one channel, unguessable (`sk_` and 32 random base64url characters, 192 bits), and replaced by a rotation,
 * after which the old key is refused. Read and rotated with the operator token until the console gives it roles.
 */
export const STREAM_KEY_PATTERN = /^sk_[A-Za-z0-9_-]{32}$/;

export const streamKeySchema = z
  .object({
    event_id: idSchema,
    key: z.string().regex(STREAM_KEY_PATTERN),
    rtmp_url: z.string().describe('`rtmp://<host>:<port>/live/<key>`: the whole publish address, key included'),
    rtmp_server: z.string().describe('The server part alone, for encoders that ask for server and key apart (OBS)'),
    srt_url: z.string().describe('The SRT publish address (`streamid` names the key)'),
    created_at: isoDateTimeSchema.describe('When this key was made: a rotation makes a new one'),
  })
  .meta({ id: 'StreamKey' });
export type StreamKey = z.infer<typeof streamKeySchema>;
