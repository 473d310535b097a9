import { ErrorNotice } from '../../components/ErrorNotice';
import { Loading } from '../../components/Loading';
import { jobStatus, type Job } from '../../api/types';
import { useNovelJobs } from './queries';
import { describeStage, statusLabels } from './stages';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

function when(job: Job): string {
  const stamp = job.finished_at ?? job.created_at;
  const date = new Date(stamp);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const SHOWN = 8;

/** Jobs of this novel not started from this page visit (earlier uploads, the CLI, agents). */
export function RecentJobs({ novelId, exclude }: { novelId: string; exclude: Set<string> }) {
  const jobs = useNovelJobs(novelId);
  if (jobs.isPending) return <Loading label="Loading earlier jobs…" />;
  if (jobs.isError) return <ErrorNotice error={jobs.error} title="Could not load earlier jobs" />;
  const earlier = jobs.data.filter((job) => !exclude.has(job.id));
  if (earlier.length === 0) return <p className="muted">No earlier jobs for this novel.</p>;
  return (
    <>
      <div className="table-wrap">
        <table className="data-table jobs-table">
          <caption className="visually-hidden">Earlier jobs, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Chapter
              </th>
              <th scope="col">Status</th>
              <th scope="col">Details</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {earlier.slice(0, SHOWN).map((job) => {
              const status = jobStatus(job);
              return (
              <tr key={job.id}>
                <td className="num">{job.chapter_number}</td>
                <td>
                  <span className={`pill pill--${status}`}>{statusLabels[status]}</span>
                </td>
                <td className="jobs-table__detail">
                  {status === 'failed'
                    ? job.error || 'Failed without a reason.'
                    : status === 'done'
                      ? 'Processed'
                      : (describeStage(job.stage) ?? 'Waiting for the worker')}
                </td>
                <td className="jobs-table__when">{when(job)}</td>
              </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {earlier.length > SHOWN && <p className="muted">…and {earlier.length - SHOWN} older jobs.</p>}
    </>
  );
}
