import 'react';

type ChromeElement = React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
  slot?: string;
};

declare module 'react' {
  // media-chrome hides everything in the player while the picture plays and the pointer rests, except elements
  // marked `noautohide` (an attribute it reads on any element it lays out).
  interface HTMLAttributes<T> {
    noautohide?: '';
  }
  // The player renders media-chrome's elements by their tags and defines them after the first frame
  // (components/media-chrome-controls.ts); these are the attributes it sets on them.
  namespace JSX {
    interface IntrinsicElements {
      'media-controller': ChromeElement & { nohotkeys?: ''; defaultstreamtype?: 'live' | 'on-demand' };
      'media-control-bar': ChromeElement;
      'media-loading-indicator': ChromeElement & { noautohide?: '' };
      'media-play-button': ChromeElement;
      'media-time-range': ChromeElement;
      'media-time-display': ChromeElement & { showduration?: '' };
      'media-mute-button': ChromeElement;
      'media-volume-range': ChromeElement;
      'media-playback-rate-button': ChromeElement & { rates?: string };
      'media-pip-button': ChromeElement;
      'media-fullscreen-button': ChromeElement;
    }
  }
}
