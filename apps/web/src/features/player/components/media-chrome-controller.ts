/*
 * The first of media-chrome's chunks (media-chrome-controls.ts loads them in turn): the controller, with what every
 * control shares (its store, constants and utilities). A file of ours, so the build's chunk group for it is named
 * by a path the build checks (vite.config.ts), and the controller's own imports follow it by the module graph.
 */
import 'media-chrome/media-controller.js';
