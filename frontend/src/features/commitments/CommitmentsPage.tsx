import type { Commitment } from '../../api/types';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NoChaptersYet } from '../../components/NoChaptersYet';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { plural } from '../../lib/format';
import { useNovelContext } from '../novels/NovelContext';
import { CommitmentCard } from './CommitmentCard';
import { useCommitments } from './queries';

interface Group {
  id: string;
  title: string;
  lead: string;
  empty: string;
  match: (c: Commitment) => boolean;
}

const groups: Group[] = [
  {
    id: 'overdue',
    title: 'Overdue',
    lead: 'Open for more than ten chapters.',
    empty: 'Nothing has waited too long.',
    match: (c) => c.status === 'open' && c.overdue,
  },
  {
    id: 'open',
    title: 'Still open',
    lead: 'Planted, waiting for their payoff.',
    empty: 'Every setup so far has been paid off.',
    match: (c) => c.status === 'open' && !c.overdue,
  },
  {
    id: 'paid',
    title: 'Paid off',
    lead: 'Setups whose payoff has come by this chapter.',
    empty: 'No payoff yet by this chapter.',
    match: (c) => c.status === 'paid',
  },
];

/** `/novels/:id/commitments`: setups, their payoffs, what is still open and what is overdue. */
export function CommitmentsPage() {
  const { novel, cap, latest } = useNovelContext();
  const commitments = useCommitments(novel.id, cap);

  if (latest < 1) {
    return (
      <>
        <PageHeader title="Commitments" />
        <NoChaptersYet novelId={novel.id} />
      </>
    );
  }

  const data = commitments.data ?? [];
  const overdue = data.filter(groups[0]!.match).length;
  return (
    <>
      <PageHeader title="Commitments">
        <p>
          Setups the story plants (a promise, a warning, a planted object) and whether they are paid off by chapter {cap}.
          {commitments.data && ` ${plural(data.length, 'setup')}, ${overdue === 0 ? 'none' : overdue} overdue.`}
        </p>
      </PageHeader>
      {commitments.isPending ? (
        <Skeleton label="Loading commitments…" rows={3} />
      ) : commitments.isError ? (
        <ErrorNotice error={commitments.error} title="Could not load the commitments" onRetry={() => void commitments.refetch()} />
      ) : data.length === 0 ? (
        <EmptyState title={`No setups yet at chapter ${cap}`}>
          <p>Nothing in the chapters up to here promises a later payoff. Setups appear as the story plants them.</p>
        </EmptyState>
      ) : (
        groups.map((group) => {
          const list = data.filter(group.match);
          if (group.id === 'overdue' && list.length === 0) return null;
          return (
            <section key={group.id} className="section" aria-labelledby={`commitments-${group.id}`}>
              <h2 id={`commitments-${group.id}`} className="section__title">
                {group.title} <span className="section__count">{list.length}</span>
              </h2>
              <p className="section__lead">{group.lead}</p>
              {list.length === 0 ? (
                <p className="muted">{group.empty}</p>
              ) : (
                <ul className="stack">
                  {list.map((commitment) => (
                    <li key={commitment.id}>
                      <CommitmentCard novelId={novel.id} commitment={commitment} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </>
  );
}
