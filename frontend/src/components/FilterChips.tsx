export interface ChipOption {
  value: string;
  label: string;
  count?: number;
}

interface FilterChipsProps {
  label: string;
  options: ChipOption[];
  /** The values that are shown; the others are filtered out. */
  selected: ReadonlySet<string>;
  onToggle: (value: string) => void;
  onAll?: () => void;
}

/** Toggle buttons that filter a list (one per type); `aria-pressed` says which are on. */
export function FilterChips({ label, options, selected, onToggle, onAll }: FilterChipsProps) {
  if (options.length === 0) return null;
  const allOn = options.every((option) => selected.has(option.value));
  return (
    <div className="filter-chips" role="group" aria-label={label}>
      <span className="filter-chips__label" aria-hidden="true">
        {label}
      </span>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="filter-chip"
          aria-pressed={selected.has(option.value)}
          onClick={() => onToggle(option.value)}
        >
          {option.label}
          {option.count !== undefined && <span className="filter-chip__count">{option.count}</span>}
        </button>
      ))}
      {onAll && !allOn && (
        <button type="button" className="link-button filter-chips__all" onClick={onAll}>
          Show all {label.toLowerCase()}
        </button>
      )}
    </div>
  );
}
