/*
 * The player's media-chrome ranges and time display (hls-player.tsx), defined a task after its buttons
 * (media-chrome-elements.ts, media-chrome-controls.ts).
 */
import 'media-chrome/media-time-display.js';
import 'media-chrome/media-time-range.js';
import 'media-chrome/media-volume-range.js';
