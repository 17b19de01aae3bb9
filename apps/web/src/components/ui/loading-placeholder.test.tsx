import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingPlaceholder } from './loading-placeholder';

describe('a loading placeholder', () => {
  it('is a busy box that says once, as a status, what is loading, around what it holds', () => {
    const { container } = render(
      <LoadingPlaceholder className="box" label="Loading the games">
        <span>skeleton</span>
      </LoadingPlaceholder>,
    );
    const box = container.firstElementChild;
    expect(box).toHaveClass('box');
    expect(box).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the games');
    expect(screen.getByRole('status')).toHaveClass('sr-only');
    expect(box).toContainElement(screen.getByText('skeleton'));
  });
});
