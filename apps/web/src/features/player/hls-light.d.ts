// hls.js ships one declaration file for its full and light builds; the light build (no subtitles, alternate
// audio or DRM, none of which the channel's streams use) has the same API and a third less code.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
