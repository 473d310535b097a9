/** Grey placeholders in the shape of what is loading; screen readers hear the label once. */
export function Skeleton({ label = 'Loading…', rows = 3, variant = 'cards' }: { label?: string; rows?: number; variant?: 'cards' | 'lines' | 'graph' }) {
  return (
    <div className={`skeleton skeleton--${variant}`} role="status" aria-label={label}>
      <span className="visually-hidden">{label}</span>
      {variant === 'graph' ? (
        <div className="skeleton__block skeleton__block--graph" aria-hidden="true" />
      ) : (
        Array.from({ length: rows }, (_, index) => (
          <div key={index} className="skeleton__item" aria-hidden="true">
            <div className="skeleton__line skeleton__line--title" />
            <div className="skeleton__line" />
            {variant === 'cards' && <div className="skeleton__line skeleton__line--short" />}
          </div>
        ))
      )}
    </div>
  );
}
