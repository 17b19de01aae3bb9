import path from 'node:path';

/**
 * Where packaged media lives under MEDIA_DIR: `hls/<asset key>/` holds master.m3u8 and one folder per
 * rendition; `mp4/<asset key>.mp4` the download of a VOD. Asset keys are like `vod/heartland-1`, `live/e12`,
 * `preroll/conference-promo`.
 */
export const ASSET_KEY = /^(vod|live|preroll)\/[a-z0-9-]{1,60}$/;
/** A clip's files live under `clips/<uuid>/`: `clip.mp4` and `thumb.jpg`. */
export const CLIP_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function mediaPaths(mediaDir: string) {
  const check = (key: string) => {
    if (!ASSET_KEY.test(key)) throw new Error(`bad asset key ${key}`);
    return key;
  };
  return {
    hlsDir: (key: string) => path.join(mediaDir, 'hls', check(key)),
    mp4File: (key: string) => path.join(mediaDir, 'mp4', `${check(key).replace('/', '-')}.mp4`),
    workDir: (key: string) => path.join(mediaDir, 'work', check(key).replace('/', '-')),
    clipDir: (uuid: string) => {
      if (!CLIP_UUID.test(uuid)) throw new Error(`bad clip id ${uuid}`);
      return path.join(mediaDir, 'clips', uuid);
    },
    clipWorkDir: (clipId: number) => path.join(mediaDir, 'work', `clip-${Math.trunc(clipId)}`),
  };
}
export type MediaPaths = ReturnType<typeof mediaPaths>;
