/*
 * The media-chrome elements the player's tags use (hls-player.tsx), and only those: media-chrome's index defines
 * some thirty. The buttons here; the ranges and the time in media-chrome-ranges.ts. Imported once their controller
 * is defined (media-chrome-controls.ts), each file in a task of its own: every control that connects takes the
 * controller's whole state, so all of them at once were one long task on a phone.
 */
import 'media-chrome/media-control-bar.js';
import 'media-chrome/media-fullscreen-button.js';
import 'media-chrome/media-loading-indicator.js';
import 'media-chrome/media-mute-button.js';
import 'media-chrome/media-pip-button.js';
import 'media-chrome/media-play-button.js';
import 'media-chrome/media-playback-rate-button.js';
