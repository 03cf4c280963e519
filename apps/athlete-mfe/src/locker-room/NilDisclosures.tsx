import { useState, type FormEvent } from 'react';
import { toApiError } from '@huddle/api-client';
import { saveBlob } from '@huddle/api-client/file-download';
import { nilDateLabel, nilDay, type NilGoStatus } from '@huddle/domain/nil';
import { Button, EmptyView, ErrorView, Modal, Panel, SelectField, SkeletonList, TextField, useShellApi, useToast } from '@huddle/ui';
import { nilApi, useMarkNilReported, useNilDisclosures, type NilDisclosure } from './nil-api';
import { formatMoney } from './locker-room-view';
import {
  nilCountdown,
  nilServiceLabel,
  nilStateLabel,
  NIL_EMPTY,
  NIL_GO_STATUS_OPTIONS,
  NIL_RULE_TEXT,
  NIL_UNDER_THRESHOLD,
  payorName,
  reportedOnBounds,
  reportedOnProblem,
  splitDisclosures,
} from './nil-view';
import './nil.css';

const agreedLabel = (d: NilDisclosure) => nilDateLabel(nilDay(new Date(d.agreed_at)), true);

/** 'Download packet': the PDF through the API with the session, saved under the name the API gives it. */
function DownloadPacket({ disclosure }: { disclosure: NilDisclosure }) {
  const api = useShellApi(nilApi);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(disclosure.packet_filename, await api.packet(disclosure.id));
    } catch (thrown) {
      toast.show(toApiError(thrown).message, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void download()} aria-label={`Download packet for ${payorName(disclosure)}`}>
      Download packet
    </Button>
  );
}

/** The 'Mark reported' dialog: the day (today by default, from the agreed day to today) and, optionally, NIL Go's status. */
function MarkReportedDialog({ disclosure, onClose }: { disclosure: NilDisclosure; onClose: () => void }) {
  const now = new Date();
  const bounds = reportedOnBounds(disclosure.agreed_at, now);
  const [day, setDay] = useState(disclosure.reported_on ?? bounds.max);
  const [status, setStatus] = useState<'' | NilGoStatus>(disclosure.nil_go_status ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const mark = useMarkNilReported();
  const toast = useToast();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const local = reportedOnProblem(day, bounds);
    if (local) return setProblem(local);
    mark.mutate(
      { id: disclosure.id, report: { reported_on: day, ...(status ? { nil_go_status: status } : {}) } },
      {
        onSuccess: () => {
          toast.show('Marked as reported', 'success');
          onClose();
        },
        onError: (thrown) => setProblem(toApiError(thrown).message),
      },
    );
  };
  const close = mark.isPending ? () => undefined : onClose;
  return (
    <Modal
      open
      onClose={close}
      title="Mark reported"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={mark.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="nil-report-form" loading={mark.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="nil-report-form" className="nil-form" onSubmit={submit} noValidate>
        <p className="nil-form__deal">
          {payorName(disclosure)} · {formatMoney(disclosure.amount)} · agreed {agreedLabel(disclosure)}
        </p>
        <TextField
          label="Reported to NIL Go on"
          type="date"
          value={day}
          min={bounds.min}
          max={bounds.max}
          required
          error={problem}
          onChange={(event) => {
            setDay(event.target.value);
            setProblem(null);
          }}
        />
        <SelectField
          label="NIL Go status (optional)"
          value={status}
          options={NIL_GO_STATUS_OPTIONS}
          onChange={(event) => setStatus(event.target.value as '' | NilGoStatus)}
        />
      </form>
    </Modal>
  );
}

function FlaggedDeal({ disclosure, now, onMark }: { disclosure: NilDisclosure; now: Date; onMark: (d: NilDisclosure) => void }) {
  const countdown = !disclosure.reported_on && disclosure.report_by ? nilCountdown(disclosure.report_by, now) : null;
  const markLabel = disclosure.reported_on ? 'Change report' : 'Mark reported';
  return (
    <li className={countdown?.tone === 'overdue' ? 'nil-deal nil-deal--overdue' : 'nil-deal'}>
      <div className="nil-deal__head">
        <h3 className="nil-deal__payor">{payorName(disclosure)}</h3>
        <span className="nil-deal__amount">{formatMoney(disclosure.amount)}</span>
      </div>
      <dl className="nil-deal__facts">
        <dt>Service</dt>
        <dd>{nilServiceLabel(disclosure.request_type)}</dd>
        <dt>Agreed</dt>
        <dd>{agreedLabel(disclosure)}</dd>
        {disclosure.report_by && !countdown && (
          <>
            <dt>Report by</dt>
            <dd>{nilDateLabel(disclosure.report_by, true)}</dd>
          </>
        )}
        <dt>From this payor</dt>
        <dd>{formatMoney(disclosure.payor_total)} with this deal</dd>
      </dl>
      <div className="nil-deal__status">
        {countdown && <span className={`nil-chip nil-chip--${countdown.tone}`}>{countdown.text}</span>}
        <span className={disclosure.reported_on ? 'nil-chip nil-chip--done' : 'nil-chip'}>{nilStateLabel(disclosure)}</span>
        {disclosure.void && <span className="nil-chip">Refunded</span>}
      </div>
      <div className="nil-deal__actions">
        <DownloadPacket disclosure={disclosure} />
        {/* Named by what it shows, then whose deal it is. */}
        <Button size="sm" variant={disclosure.reported_on ? 'ghost' : 'primary'} onClick={() => onMark(disclosure)} aria-label={`${markLabel}: ${payorName(disclosure)}`}>
          {markLabel}
        </Button>
      </div>
    </li>
  );
}

function OtherDeal({ disclosure }: { disclosure: NilDisclosure }) {
  return (
    <li className="nil-other">
      <span className="nil-other__what">
        {payorName(disclosure)} · {nilServiceLabel(disclosure.request_type)} · {agreedLabel(disclosure)}
      </span>
      <span className="nil-other__amount">{formatMoney(disclosure.amount)}</span>
      <span className="nil-other__hint">{disclosure.void ? 'Refunded: not counted toward this payor’s total' : NIL_UNDER_THRESHOLD}</span>
    </li>
  );
}

export function NilDisclosureList({ disclosures, now = new Date() }: { disclosures: readonly NilDisclosure[]; now?: Date }) {
  const [marking, setMarking] = useState<NilDisclosure | null>(null);
  const { flagged, others } = splitDisclosures(disclosures);
  return (
    <>
      {flagged.length > 0 && (
        <ul className="nil-deals" aria-label="Deals to report">
          {flagged.map((d) => (
            <FlaggedDeal key={d.id} disclosure={d} now={now} onMark={setMarking} />
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <div className="nil-others">
          <h3 className="nil-others__title">{flagged.length > 0 ? 'Other deals' : 'Your deals'}</h3>
          <ul aria-label="Other deals">
            {others.map((d) => (
              <OtherDeal key={d.id} disclosure={d} />
            ))}
          </ul>
        </div>
      )}
      {marking && <MarkReportedDialog key={marking.id} disclosure={marking} onClose={() => setMarking(null)} />}
    </>
  );
}

/** The locker room's 'NIL disclosures' (issue 23) in its four states. */
export function NilDisclosures() {
  const query = useNilDisclosures();
  let body;
  if (query.isPending) body = <SkeletonList count={2} label="Loading your deals" />;
  else if (query.isError) body = <ErrorView message={toApiError(query.error).message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.length === 0) body = <EmptyView title={NIL_EMPTY.title} text={NIL_EMPTY.text} icon="inbox" />;
  else body = <NilDisclosureList disclosures={query.data} />;
  return (
    <Panel title="NIL disclosures" className="nil-section">
      <p className="nil-rule">{NIL_RULE_TEXT}</p>
      {body}
    </Panel>
  );
}
