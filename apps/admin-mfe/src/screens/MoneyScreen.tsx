import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { isServiceType, LIMITS, MESSAGES, SERVICE_LABELS } from '@huddle/domain';
import { formatDate, formatTime } from '@huddle/domain/format';
import { Button, EmptyView, ErrorView, Modal, Page, Panel, SkeletonList, TextAreaField, cx } from '@huddle/ui';
import { useMoneyDesk, useMoneyDeskActions } from '../money/money-hooks';
import {
  BALANCE_LABELS,
  incidentLink,
  type DeadMoneyJob,
  type FlaggedRequest,
  type MoneyBalances,
  type MoneyDispute,
  type MoneyIncident,
  type Reconciliation,
} from '../money/money-desk';
import { formatMoney } from '../money/money-format';
import '../money/money.css';

export const MONEY_DESK_EMPTY = {
  incidents: 'No open money incidents',
  jobs: 'No money job has given up',
  disputes: 'No open disputes',
  flagged: 'No flagged request is waiting',
  reconciliation: 'No reconciliation has run yet',
  nothingOpen: 'No open incident, dead money job, dispute or flagged request.',
} as const;

/** 'Mar 4, 2026 · 3:05 PM' (spec §9); '—' for a missing time. */
function When({ seconds }: { seconds: number | null }) {
  if (seconds === null) return <span className="hd-muted">—</span>;
  return (
    <time dateTime={new Date(seconds * 1000).toISOString()}>
      {formatDate(seconds)} · {formatTime(seconds)}
    </time>
  );
}

function Balances({ balances }: { balances: MoneyBalances }) {
  return (
    <Panel title="Ledger balances">
      <dl className="adm-tiles adm-balances">
        {BALANCE_LABELS.map(([key, label]) => (
          <div key={key} className="adm-tile hd-figure">
            <dt className="adm-sub">{label}</dt>
            <dd className="adm-tile__value hd-figure__amount">{formatMoney(balances[key])}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

function ReconciliationResult({ title, result }: { title: string; result: Reconciliation | null }) {
  return (
    <Panel title={title}>
      {result === null ? (
        <p className="hd-muted">{MONEY_DESK_EMPTY.reconciliation}</p>
      ) : (
        <div className="adm-recon">
          <span className={cx('adm-pill', result.balanced && result.differences === 0 ? 'adm-pill--ok' : 'adm-pill--warn')}>
            {result.balanced ? 'Ledger balanced' : 'Ledger does not balance'}
          </span>
          <span>
            <When seconds={result.ran_at} />
          </span>
          <span className="adm-sub">
            {result.checked} checked, {result.differences} {result.differences === 1 ? 'difference' : 'differences'}
          </span>
        </div>
      )}
    </Panel>
  );
}

/** A titled list of the desk with its count and its empty text. */
function DeskList({ title, count, empty, children }: { title: string; count: number; empty: string; children: ReactNode }) {
  return (
    <Panel title={`${title} (${count})`}>{count === 0 ? <p className="hd-muted">{empty}</p> : <ul className="adm-list">{children}</ul>}</Panel>
  );
}

function IncidentItem({ incident, onResolve }: { incident: MoneyIncident; onResolve: () => void }) {
  const link = incidentLink(incident);
  return (
    <li className="adm-item">
      <div className="adm-item__main">
        <p className="adm-item__title">
          {incident.label}
          {incident.amount !== null && <span className="adm-item__amount">{formatMoney(incident.amount)}</span>}
        </p>
        <p className="adm-item__text">{incident.message}</p>
        <p className="adm-sub">
          <When seconds={incident.created_at} />
          {link && (
            <>
              {' · '}
              <Link href={link} className="hd-link">
                Open the request
              </Link>
            </>
          )}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onResolve}>
        Resolve
      </Button>
    </li>
  );
}

function JobItem({ job, retrying, onRetry }: { job: DeadMoneyJob; retrying: boolean; onRetry: () => void }) {
  return (
    <li className="adm-item">
      <div className="adm-item__main">
        <p className="adm-item__title">{job.label}</p>
        {job.error && <p className="adm-item__text adm-break">{job.error}</p>}
        <p className="adm-sub">
          {job.name} · gave up after {job.retry_count} {job.retry_count === 1 ? 'try' : 'tries'}
          {job.failed_at !== null && (
            <>
              {' · '}
              <When seconds={job.failed_at} />
            </>
          )}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </li>
  );
}

function DisputeItem({ dispute }: { dispute: MoneyDispute }) {
  return (
    <li className="adm-item">
      <div className="adm-item__main">
        <p className="adm-item__title">
          {dispute.reason ? `Dispute: ${dispute.reason.replace(/_/g, ' ')}` : 'Dispute'}
          <span className="adm-item__amount">{formatMoney(dispute.amount)}</span>
        </p>
        <p className="adm-item__text">
          Evidence due by{' '}
          <strong>
            <When seconds={dispute.evidence_due_by} />
          </strong>
        </p>
        <p className="adm-sub">
          {dispute.status.replace(/_/g, ' ')} · opened <When seconds={dispute.created_at} />
          {dispute.link && (
            <>
              {' · '}
              <Link href={dispute.link} className="hd-link">
                Open the request
              </Link>
            </>
          )}
        </p>
      </div>
    </li>
  );
}

function FlaggedItem({ request }: { request: FlaggedRequest }) {
  const type = isServiceType(request.type) ? SERVICE_LABELS[request.type] : request.type;
  return (
    <li className="adm-item">
      <div className="adm-item__main">
        <p className="adm-item__title">{request.name}</p>
        <p className="adm-item__text">
          {type} for {request.athlete_name}, flagged by {request.requester_name}
        </p>
        <p className="adm-sub">
          Flagged <When seconds={request.flagged_at} />
        </p>
      </div>
      <Link href={`/manage/request/${request.id}`} className="hd-button hd-button--secondary hd-button--sm">
        Review
      </Link>
    </li>
  );
}

/** Asks for the short note an incident is resolved with. */
function ResolveDialog({
  incident,
  open,
  busy,
  onClose,
  onResolve,
}: {
  incident: MoneyIncident | null;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onResolve: (resolution: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [forIncident, setForIncident] = useState(incident);
  if (forIncident !== incident) {
    setForIncident(incident);
    setNote('');
    setError(null);
  }
  const submit = () => {
    const resolution = note.trim();
    if (!resolution) return setError(MESSAGES.required);
    onResolve(resolution);
  };
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      title="Resolve incident"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} loading={busy}>
            Resolve
          </Button>
        </>
      }
    >
      <div className="hd-stack">
        {incident && (
          <p className="hd-muted">
            {incident.label}
            {incident.amount !== null && ` · ${formatMoney(incident.amount)}`}
          </p>
        )}
        <TextAreaField
          label="What was done"
          value={note}
          maxLength={LIMITS.text.max}
          showCount
          rows={3}
          error={error}
          onChange={(event) => {
            setNote(event.target.value);
            setError(null);
          }}
        />
      </div>
    </Modal>
  );
}

/** /manage/money (issue 21): the administrator's money desk. */
export function MoneyScreen() {
  const query = useMoneyDesk();
  const { resolve, retry } = useMoneyDeskActions();
  const [resolving, setResolving] = useState<MoneyIncident | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  let content;
  if (query.isPending) content = <SkeletonList count={6} label="Loading the money desk" />;
  else if (query.isError)
    content = <ErrorView message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else {
    const desk = query.data;
    const nothingOpen = desk.incidents.length + desk.dead_jobs.length + desk.disputes.length + desk.flagged_requests.length === 0;
    content = (
      <div className="adm-desk">
        {nothingOpen ? (
          <EmptyView icon="check" title="All clear" text={MONEY_DESK_EMPTY.nothingOpen} />
        ) : (
          <>
            <DeskList title="Open money incidents" count={desk.incidents.length} empty={MONEY_DESK_EMPTY.incidents}>
              {desk.incidents.map((incident) => (
                <IncidentItem
                  key={incident.id}
                  incident={incident}
                  onResolve={() => {
                    setResolving(incident);
                    setDialogOpen(true);
                  }}
                />
              ))}
            </DeskList>
            <DeskList title="Dead money jobs" count={desk.dead_jobs.length} empty={MONEY_DESK_EMPTY.jobs}>
              {desk.dead_jobs.map((job) => (
                <JobItem key={job.id} job={job} retrying={retry.isPending && retry.variables === job.id} onRetry={() => retry.mutate(job.id)} />
              ))}
            </DeskList>
            <DeskList title="Open disputes" count={desk.disputes.length} empty={MONEY_DESK_EMPTY.disputes}>
              {desk.disputes.map((dispute) => (
                <DisputeItem key={dispute.id} dispute={dispute} />
              ))}
            </DeskList>
            <DeskList title="Flagged requests" count={desk.flagged_requests.length} empty={MONEY_DESK_EMPTY.flagged}>
              {desk.flagged_requests.map((request) => (
                <FlaggedItem key={request.id} request={request} />
              ))}
            </DeskList>
          </>
        )}
        <ReconciliationResult title="Last reconciliation of payments" result={desk.reconciliation} />
        <ReconciliationResult title="Last reconciliation of payout transfers" result={desk.transfer_reconciliation} />
        <Balances balances={desk.balances} />
      </div>
    );
  }

  return (
    <Page title="Money" subtitle="Incidents, dead money jobs, disputes, flagged requests and the ledger.">
      {content}
      <ResolveDialog
        incident={resolving}
        open={dialogOpen}
        busy={resolve.isPending}
        onClose={() => setDialogOpen(false)}
        onResolve={(resolution) => {
          if (!resolving) return;
          resolve.mutate({ id: resolving.id, resolution }, { onSuccess: () => setDialogOpen(false) });
        }}
      />
    </Page>
  );
}
