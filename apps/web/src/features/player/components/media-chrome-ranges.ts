/*
 * The player's seek bar, with the range code media-chrome's ranges share, defined a task after the buttons
 * (media-chrome-buttons.ts, media-chrome-controls.ts); the volume and the time follow (media-chrome-levels.ts).
 */
import 'media-chrome/media-time-range.js';
