import { useSearchParams } from 'react-router';

interface ViewSwitchProps {
  label: string;
  options: { value: string; label: string }[];
  /** The view used when the URL names none. */
  fallback: string;
}

/** Switches between two views of a list, kept in the URL as `?view=`. */
export function useView(fallback: string, allowed: string[]): string {
  const [params] = useSearchParams();
  const raw = params.get('view');
  return raw && allowed.includes(raw) ? raw : fallback;
}

export function ViewSwitch({ label, options, fallback }: ViewSwitchProps) {
  const [params, setParams] = useSearchParams();
  const current = useView(fallback, options.map((o) => o.value));
  return (
    <div className="segmented" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={current === option.value}
          className="segmented__option"
          onClick={() => {
            const next = new URLSearchParams(params);
            if (option.value === fallback) next.delete('view');
            else next.set('view', option.value);
            setParams(next, { replace: true });
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
