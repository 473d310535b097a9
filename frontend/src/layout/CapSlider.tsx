import { useId } from 'react';
import { Icon } from '../components/Icon';

interface CapSliderProps {
  cap: number;
  latest: number;
  onChange: (chapter: number) => void;
}

/** The spoiler guard: picks the last chapter the reader has reached (1..latest). */
export function CapSlider({ cap, latest, onChange }: CapSliderProps) {
  const id = useId();
  const hidden = latest - cap;
  return (
    <div className="cap-slider">
      <label className="cap-slider__label" htmlFor={id}>
        Reading as of chapter <strong>{cap}</strong> of {latest}
      </label>
      <div className="cap-slider__row">
        <button
          type="button"
          className="icon-button icon-button--small"
          onClick={() => onChange(cap - 1)}
          disabled={cap <= 1}
          aria-label="Previous chapter"
        >
          <Icon name="arrowLeft" size={16} />
        </button>
        <input
          id={id}
          className="cap-slider__input"
          type="range"
          min={1}
          max={latest}
          step={1}
          value={cap}
          disabled={latest <= 1}
          aria-valuetext={`Chapter ${cap} of ${latest}`}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <button
          type="button"
          className="icon-button icon-button--small"
          onClick={() => onChange(cap + 1)}
          disabled={cap >= latest}
          aria-label="Next chapter"
        >
          <Icon name="arrowRight" size={16} />
        </button>
      </div>
      <p className="cap-slider__hint" aria-live="polite">
        {hidden > 0 ? (
          <>
            {hidden === 1 ? '1 later chapter is' : `${hidden} later chapters are`} hidden.{' '}
            <button type="button" className="link-button" onClick={() => onChange(latest)}>
              Show all
            </button>
          </>
        ) : (
          'Nothing is hidden.'
        )}
      </p>
    </div>
  );
}
