import { Button, Modal, ProgressBar } from '@huddle/ui';
import type { BusinessExportController } from './useBusinessExport';
import { deliveryLabel, doneText, EXPORT_FORMATS, pageNoteText, type ExportChoice, type ExportDelivery, type ExportScreen } from './export-view';

interface FormProps {
  choice: ExportChoice;
  email: string | undefined;
  disabled: boolean;
  onChoose: (choice: ExportChoice) => void;
}

function ExportForm({ choice, email, disabled, onChoose }: FormProps) {
  const deliveries: ExportDelivery[] = ['download', 'email'];
  return (
    <div className="bs-export__form">
      <fieldset className="bs-export__choices" disabled={disabled}>
        <legend className="hd-field__label">Format</legend>
        {EXPORT_FORMATS.map((format) => (
          <label key={format.id} className="bs-export__choice">
            <input type="radio" name="export-format" value={format.id} checked={choice.format === format.id} onChange={() => onChoose({ ...choice, format: format.id })} />
            <span>
              <span className="bs-export__choice-label">{format.label}</span>
              <span className="hd-muted bs-export__choice-hint">{format.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="bs-export__choices" disabled={disabled}>
        <legend className="hd-field__label">Delivery</legend>
        {deliveries.map((delivery) => (
          <label key={delivery} className="bs-export__choice">
            <input type="radio" name="export-delivery" value={delivery} checked={choice.delivery === delivery} onChange={() => onChoose({ ...choice, delivery })} />
            <span className="bs-export__choice-label">{deliveryLabel(delivery, email)}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <p className="bs-export__error" role="alert">
      {message}
    </p>
  );
}

export interface ExportBodyProps {
  screen: ExportScreen;
  email: string | undefined;
  onChoose: (choice: ExportChoice) => void;
  onSaveAgain: () => void;
}

/** The modal's content in each of its stages; rendered alone by the specs (the Modal needs a document). */
export function ExportBody({ screen, email, onChoose, onSaveAgain }: ExportBodyProps) {
  switch (screen.kind) {
    case 'form':
      return (
        <>
          <ExportForm choice={screen.choice} email={email} disabled={screen.starting} onChoose={onChoose} />
          {screen.error && <Failure message={screen.error} />}
        </>
      );
    case 'working':
      return (
        <div className="bs-export__progress">
          {/* A status region: its text ('Preparing your export… 40%') is read out as it changes. */}
          <div role="status" aria-live="polite">
            <ProgressBar value={screen.percent / 100} label="Preparing your export…" />
          </div>
          <p className="hd-muted bs-export__note">You can close this window: the export keeps going and we tell you when it is ready.</p>
          {screen.error && <Failure message={screen.error} />}
        </div>
      );
    case 'done':
      return (
        <div className="bs-export__outcome">
          <p className="bs-export__done" role="status">
            {doneText(screen.job)}
          </p>
          {!screen.job.send && !screen.error && (
            <Button variant="secondary" size="sm" className="bs-export__again" onClick={onSaveAgain} loading={screen.saving}>
              Download again
            </Button>
          )}
          {screen.error && <Failure message={screen.error} />}
        </div>
      );
    case 'failed':
      return <Failure message={screen.message} />;
  }
}

export interface ExportActionsProps {
  screen: ExportScreen;
  onClose: () => void;
  onStart: () => void;
  onRetry: () => void;
  onNewExport: () => void;
}

export function ExportActions({ screen, onClose, onStart, onRetry, onNewExport }: ExportActionsProps) {
  const failed = screen.kind === 'failed' || (screen.kind !== 'form' && screen.error !== null);
  return (
    <>
      <Button variant="ghost" onClick={onClose}>
        {screen.kind === 'form' ? 'Cancel' : 'Close'}
      </Button>
      {screen.kind === 'form' && (
        <Button onClick={onStart} loading={screen.starting}>
          {screen.error ? 'Try again' : 'Start export'}
        </Button>
      )}
      {failed && <Button onClick={onRetry}>Try again</Button>}
      {screen.kind === 'done' && !failed && <Button onClick={onNewExport}>New export</Button>}
    </>
  );
}

/** The export modal: focus stays inside, Escape closes it and focus returns to the Export button (the Modal's). */
export function ExportModal({ controller, email }: { controller: BusinessExportController; email: string | undefined }) {
  const { screen } = controller;
  return (
    <Modal
      open={controller.open}
      onClose={controller.close}
      title="Export statistics"
      footer={
        <ExportActions
          screen={screen}
          onClose={controller.close}
          onStart={controller.start}
          onRetry={controller.retry}
          onNewExport={controller.newExport}
        />
      }
    >
      <ExportBody screen={screen} email={email} onChoose={controller.choose} onSaveAgain={controller.saveAgain} />
    </Modal>
  );
}

/**
 * On the page while the modal is closed and the export is still being prepared. While the modal
 * is open it stays in the page, hidden, so that once the modal closes the focus can go back to
 * its Show when Show opened it.
 */
export function ExportNote({ controller }: { controller: BusinessExportController }) {
  if (!controller.working) return null;
  return (
    <p className="bs-export-note" role="status" hidden={controller.open}>
      <span>{pageNoteText(controller.working)}</span>
      <Button variant="ghost" size="sm" onClick={controller.show}>
        Show
      </Button>
    </p>
  );
}
