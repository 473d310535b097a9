import { CapLink } from '../../cap/CapLink';
import { formatNumber } from '../../lib/format';

interface StatCardProps {
  label: string;
  value: number | undefined;
  to: string;
}

/** A count that links to its list, e.g. "12 Characters". */
export function StatCard({ label, value, to }: StatCardProps) {
  return (
    <CapLink to={to} className="stat-card">
      <span className="stat-card__value">{value === undefined ? '…' : formatNumber(value)}</span>
      <span className="stat-card__label">{label}</span>
    </CapLink>
  );
}
