/*
 * The media-chrome elements the player's tags use (hls-player.tsx), and only those: media-chrome's index defines
 * some thirty. Imported once their controller is defined (media-chrome-controls.ts), in a task of their own.
 */
import 'media-chrome/media-control-bar.js';
import 'media-chrome/media-fullscreen-button.js';
import 'media-chrome/media-loading-indicator.js';
import 'media-chrome/media-mute-button.js';
import 'media-chrome/media-pip-button.js';
import 'media-chrome/media-play-button.js';
import 'media-chrome/media-playback-rate-button.js';
import 'media-chrome/media-time-display.js';
import 'media-chrome/media-time-range.js';
import 'media-chrome/media-volume-range.js';
