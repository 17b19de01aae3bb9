import type { ReactNode } from 'react';

/**
 * The box that holds a view's place while it loads (its class gives the size, so nothing jumps when the view
 * comes); screen readers hear `label` once, as a status, rather than an empty busy box.
 */
export function LoadingPlaceholder({
  className,
  label,
  children,
}: {
  className: string | undefined;
  label: string;
  children?: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <p className="sr-only" role="status">
        {label}
      </p>
      {children}
    </div>
  );
}
