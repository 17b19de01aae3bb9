import { z } from 'zod';
import { idSchema, isoDateTimeSchema, querySchema, text } from './common';

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

/**
 * One sample of a live game's ingest health (every `INGEST_HEALTH_SAMPLE_S`, 5 s by default): what the encoder sends
 * and how the game's transcoder keeps up. Counts (`gap_s`, dropped and duplicated frames) are the sample period's own.
 */
export const ingestHealthSampleSchema = z
  .object({
    sampled_at: isoDateTimeSchema,
    connected: z.boolean().describe('An encoder was publishing the game when the sample was taken'),
    source: z.object({
      bitrate_kbps: z.number().nullable().describe('Bytes received from the encoder over the period, in kbit/s'),
      fps: z.number().nullable().describe('Frame rate the encoder announced (RTMP metadata)'),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      video_codec: z.string().nullable().describe('`h264`, `hevc`, … (RTMP metadata)'),
      audio_codec: z.string().nullable().describe('`aac`, `mp3`, … (RTMP metadata)'),
      gap_s: z.number().describe('Seconds of the period in which nothing arrived for more than 1 s'),
    }),
    transcoder: z.object({
      running: z.boolean(),
      speed: z.number().nullable().describe('Media seconds written per second over the period (×realtime)'),
      fps: z.number().nullable().describe('Frames written per second over the period'),
      frames_dropped: z.number().int(),
      frames_duplicated: z.number().int(),
      stalled: z.boolean().describe('No progress for more than 3 periods while the encoder sends'),
      slow: z.boolean().describe('Slower than 0.9× realtime for 3 periods in a row'),
    }),
    renditions: z.array(z.object({ name: z.string(), height: z.number().int(), passthrough: z.boolean() })),
  })
  .meta({ id: 'IngestHealthSample' });
export type IngestHealthSample = z.infer<typeof ingestHealthSampleSchema>;

export const ingestHealthSchema = z
  .object({
    event_id: idSchema,
    connected: z.boolean().describe('An encoder publishes the game now'),
    sample_period_s: z.number(),
    latest: ingestHealthSampleSchema.nullable(),
    samples: z.array(ingestHealthSampleSchema).describe('Oldest first, after `since` when given, at most 1000'),
    next_since: isoDateTimeSchema
      .nullable()
      .describe('Pass as `since` for the samples after these (null: no more now)'),
    totals: z
      .object({
        samples: z.number().int(),
        gap_s: z.number(),
        frames_dropped: z.number().int(),
        frames_duplicated: z.number().int(),
        stalled_samples: z.number().int(),
        slow_samples: z.number().int(),
      })
      .describe('Over the whole game'),
  })
  .meta({ id: 'IngestHealth' });
export type IngestHealth = z.infer<typeof ingestHealthSchema>;

/** `since`: an ISO date-time or Unix milliseconds; only samples taken after it are listed. */
export const ingestHealthQuerySchema = querySchema({
  since: text()
    .max(40)
    .refine((s) => /^\d{1,15}$/.test(s) || isoDateTimeSchema.safeParse(s).success, 'an ISO date-time or Unix ms')
    .describe('Only the samples taken after this: an ISO date-time or Unix milliseconds (`next_since` pages on)')
    .optional(),
});
