/*
 * The media-chrome elements the player's tags use (hls-player.tsx), and only those: media-chrome's index defines
 * some thirty. Here the bar and the buttons a fan reaches for first; the others in media-chrome-buttons.ts, the
 * seek bar in media-chrome-ranges.ts, the volume and the time in media-chrome-levels.ts. Imported once their
 * controller is defined (media-chrome-controls.ts), each file in a task of its own: every control that connects
 * takes the controller's whole state, so all of them at once were one long task on a phone.
 */
import 'media-chrome/media-control-bar.js';
import 'media-chrome/media-loading-indicator.js';
import 'media-chrome/media-mute-button.js';
import 'media-chrome/media-play-button.js';
