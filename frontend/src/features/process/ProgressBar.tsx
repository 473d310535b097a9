interface ProgressBarProps {
  /** 0..1 */
  value: number;
  label: string;
  tone?: 'active' | 'done' | 'failed';
}

export function ProgressBar({ value, label, tone = 'active' }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      className={`progress progress--${tone}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
    >
      <div className="progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
