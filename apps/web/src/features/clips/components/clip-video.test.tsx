import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClipVideo } from './clip-video';

const clip = { name: 'Top corner', url: '/media/clips/a.mp4', thumbnail: '/media/clips/a.jpg' };

describe('a clip’s video', () => {
  it('plays the clip’s file inline, with its picture and name, and the caller’s settings', () => {
    const { container } = render(<ClipVideo clip={clip} className="wide" controls preload="metadata" />);
    const video = container.querySelector('video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', clip.url);
    expect(video).toHaveAttribute('poster', clip.thumbnail);
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveClass('wide');
    expect(screen.getByLabelText('Top corner')).toBe(video);
  });

  it('shows nothing while the clip has no file, and no picture when it has none', () => {
    const { container, rerender } = render(<ClipVideo clip={{ ...clip, url: null }} />);
    expect(container.querySelector('video')).toBeNull();
    rerender(<ClipVideo clip={{ ...clip, thumbnail: null }} />);
    expect(container.querySelector('video')).not.toHaveAttribute('poster');
  });
});
