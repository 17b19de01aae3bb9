/*
 * The player's volume slider and time display, defined last, a task after the seek bar (media-chrome-ranges.ts,
 * media-chrome-controls.ts).
 */
import 'media-chrome/media-time-display.js';
import 'media-chrome/media-volume-range.js';
