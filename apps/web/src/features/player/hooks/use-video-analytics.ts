import { type RefObject, useEffect, useRef } from 'react';
import type { PlayerAnalytics, PlayerSource } from '../types';
import { createViewingClock } from '../utils/viewing-clock';

const TICK_MS = 5_000;
const position = (video: HTMLVideoElement) => (Number.isFinite(video.currentTime) ? Math.max(0, video.currentTime) : 0);

/**
 * The game's video events and viewing-time beats, the figures Mux Data reports: `play` with the startup time
 * (play request to first frame), `pause`, `seek`, `ended`, `error`, `stall` with its length, and a beat for
 * every 30 s actually watched. Advertisements are not the game and are not reported.
 */
export function useVideoAnalytics(
  videoRef: RefObject<HTMLVideoElement | null>,
  source: PlayerSource,
  analytics: PlayerAnalytics | undefined,
) {
  const analyticsRef = useRef(analytics);
  analyticsRef.current = analytics;
  const active = !!analytics && source.kind !== 'ad';

  useEffect(() => {
    const video = videoRef.current;
    // A new source is a new play: its startup, stalls and beats are counted afresh.
    if (!video || !active || !source.url) return;
    const send: PlayerAnalytics['videoEvent'] = (...args) => analyticsRef.current?.videoEvent(...args);
    const clock = createViewingClock();
    const beat = (beats: number[]) => {
      for (const seconds of beats) analyticsRef.current?.viewingTime(seconds);
    };
    let requestedAt: number | null = null;
    let started = false;
    let stalledAt: number | null = null;
    let seekFrom: number | null = null;
    let lastPosition = position(video);

    const handlers: Record<string, () => void> = {
      play: () => {
        if (!started && requestedAt === null) requestedAt = performance.now();
      },
      playing: () => {
        const now = performance.now();
        if (!started) {
          started = true;
          send('play', position(video), { startup_ms: Math.round(now - (requestedAt ?? now)) });
        }
        if (stalledAt !== null) {
          send('stall', position(video), { stall_ms: Math.round(now - stalledAt) });
          stalledAt = null;
        }
        clock.start(Date.now());
      },
      pause: () => {
        if (video.ended) return;
        beat(clock.stop(Date.now()));
        send('pause', position(video));
      },
      waiting: () => {
        // Waiting after a seek is the seek's cost, not a stall of the stream.
        if (!started || video.seeking || video.paused) return;
        stalledAt ??= performance.now();
        beat(clock.stop(Date.now()));
      },
      seeking: () => {
        seekFrom ??= lastPosition;
      },
      seeked: () => {
        if (seekFrom !== null && started) send('seek', position(video), { from: Math.round(seekFrom * 10) / 10 });
        seekFrom = null;
      },
      timeupdate: () => {
        if (!video.seeking) lastPosition = position(video);
      },
      ended: () => {
        beat(clock.flush(Date.now()));
        send('ended', position(video));
      },
      error: () => {
        send('error', position(video), { code: video.error?.code ?? null });
      },
    };
    for (const [name, handler] of Object.entries(handlers)) video.addEventListener(name, handler);
    const timer = setInterval(() => beat(clock.tick(Date.now())), TICK_MS);
    return () => {
      clearInterval(timer);
      for (const [name, handler] of Object.entries(handlers)) video.removeEventListener(name, handler);
      beat(clock.flush(Date.now()));
    };
  }, [videoRef, active, source.url]);
}
