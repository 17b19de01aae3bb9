/*
 * The player's other media-chrome buttons, defined a task after the first ones (media-chrome-elements.ts,
 * media-chrome-controls.ts).
 */
import 'media-chrome/media-fullscreen-button.js';
import 'media-chrome/media-pip-button.js';
import 'media-chrome/media-playback-rate-button.js';
