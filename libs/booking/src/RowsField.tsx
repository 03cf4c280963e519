import { Button, TextField } from '@huddle/ui';
import { editRows, type RowEdit } from './booking-form';

export interface RowsFieldProps {
  legend: string;
  itemLabel: string;
  type: 'text' | 'email';
  rows: string[];
  max: number;
  /** The edited rows, and the messages they showed moved along with them (a removed row's goes with it). */
  onChange: (rows: string[], shownErrors: (string | null)[]) => void;
  /** Each row's message, by index (spec §5: every row required). */
  rowErrors: readonly (string | null)[];
  error?: string;
}

/** Rows to add and remove, at least one (spec §5: shoutout names and recipient emails). */
export function RowsField({ legend, itemLabel, type, rows, max, onChange, rowErrors, error }: RowsFieldProps) {
  const edit = (change: RowEdit) => {
    const edited = editRows(rows, rowErrors, change, null);
    onChange(edited.rows, edited.messages);
  };
  return (
    <fieldset className="bk-rows">
      <legend className="hd-field__label">{legend}</legend>
      {rows.map((row, index) => (
        // Rows have no identity but their place; removing one re-renders those after it.
        <div className="bk-rows__row" key={index}>
          <TextField
            label={`${itemLabel} ${index + 1}`}
            type={type}
            value={row}
            maxLength={type === 'email' ? 254 : 100}
            autoComplete={type === 'email' ? 'email' : 'off'}
            error={rowErrors[index] ?? null}
            onChange={(event) => edit({ kind: 'set', index, value: event.target.value })}
          />
          {rows.length > 1 && (
            <Button type="button" variant="ghost" size="sm" aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`} onClick={() => edit({ kind: 'remove', index })}>
              Remove
            </Button>
          )}
        </div>
      ))}
      {error && <p className="hd-field__error">{error}</p>}
      {rows.length < max && (
        <Button type="button" variant="secondary" size="sm" onClick={() => edit({ kind: 'add' })}>
          {`Add ${itemLabel.toLowerCase()}`}
        </Button>
      )}
    </fieldset>
  );
}
