import 'react';

// media-chrome hides everything in the player while the picture plays and the pointer rests, except elements
// marked `noautohide` (an attribute it reads on any element it lays out).
declare module 'react' {
  interface HTMLAttributes<T> {
    noautohide?: '';
  }
}
