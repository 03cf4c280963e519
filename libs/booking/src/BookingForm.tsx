import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { toApiError } from '@huddle/api-client';
import { ErrorCode, LIMITS, MESSAGES, SERVICE_LABELS } from '@huddle/domain';
import { formatDollars, formatPickerDate, formatTime } from '@huddle/domain/format';
import { BOOKING_MAX_HOURS, REQUEST_NAME_MAX, REQUEST_TEXT_MAX, SHOUTOUT_MAX_ROWS, shoutoutRowErrors, type BookingLocation } from '@huddle/domain/request-details';
import { PlaceField } from '@huddle/member';
import { Button, Stepper, TextAreaField, TextField, useShellApi } from '@huddle/ui';
import { bookingApi, type BookableAthlete, type BookedRequest } from './booking-api';
import {
  checkBooking,
  emptyBookingForm,
  formErrors,
  formPriceCents,
  localDateInput,
  localStart,
  priceInput,
  rowErrorsAfterEdit,
  TYPE_FIELDS,
  type BookingFormValues,
  type FormType,
} from './booking-form';
import { TEXT_LABELS, type TextFieldName } from './booking-labels';
import { PlatformsField } from './PlatformsField';
import { RowsField } from './RowsField';

type RowErrors = { names: (string | null)[]; emails: (string | null)[] } | null;

export interface BookingFormProps {
  type: FormType;
  athlete: BookableAthlete;
  /** The athlete's current rate of this service, dollars (per hour for camp and training). */
  rate: number;
  onDrafted: (request: BookedRequest) => void;
}

/**
 * One service's booking form (spec §5): the type's fields, the request name and the optional
 * social platforms, the price as it will be charged, and Submit. The schema of
 * @huddle/domain/request-details checks it here and again on the server.
 */
export function BookingForm({ type, athlete, rate, onDrafted }: BookingFormProps) {
  const api = useShellApi(bookingApi);
  const form = useForm<BookingFormValues>({ defaultValues: emptyBookingForm() });
  const { control, formState } = form;
  const errors = formState.errors;
  const [rowErrors, setRowErrors] = useState<RowErrors>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const values = form.watch();
  const priceCents = formPriceCents(type, values, rate);
  const perHour = type === 'camp' || type === 'training_session';
  const start = localStart(values.date, values.time);

  const showErrors = (byField: ReturnType<typeof formErrors>) => {
    for (const [field, message] of Object.entries(byField)) {
      if (field === 'form') setFormError(message ?? null);
      else form.setError(field as keyof BookingFormValues, { message });
    }
    // Focus the first failing field as the page shows them (a shoutout's rows come before its message).
    window.requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const create = useMutation({
    mutationFn: api.createRequest,
    onSuccess: onDrafted,
    onError: (error) => {
      const failure = toApiError(error);
      if (failure.code === ErrorCode.WrongRequestDate) showErrors({ date: MESSAGES.timeTravel });
      else if (Object.keys(failure.fieldErrors).length > 0) showErrors(formErrors(failure.fieldErrors));
      else setFormError(failure.message);
    },
  });

  const submit = form.handleSubmit((current) => {
    form.clearErrors();
    setFormError(null);
    const checked = checkBooking(type, athlete.athlete_id, current, rate, Date.now() / 1000);
    setRowErrors(checked.ok ? null : checked.rows);
    if (checked.ok) create.mutate(checked.payload);
    else showErrors(checked.errors);
  });

  const text = (field: TextFieldName, max: number = REQUEST_TEXT_MAX) => (
    <Controller
      key={field}
      control={control}
      name={field}
      render={({ field: input }) => (
        <TextAreaField
          label={TEXT_LABELS[field]}
          rows={3}
          maxLength={max}
          showCount
          error={errors[field]?.message}
          {...input}
          value={input.value as string}
        />
      )}
    />
  );

  const fieldOf = (name: keyof BookingFormValues) => {
    switch (name) {
      case 'date':
        return (
          <div key="when" className="bk-when">
            <Controller
              control={control}
              name="date"
              render={({ field }) => (
                <TextField label="Date" type="date" min={localDateInput(new Date())} error={errors.date?.message} {...field} />
              )}
            />
            <Controller
              control={control}
              name="time"
              render={({ field }) => <TextField label="Start time" type="time" error={errors.time?.message} {...field} />}
            />
            {start !== null && (
              <p className="bk-when__text" aria-live="polite">
                {formatPickerDate(start)} at {formatTime(start)}
              </p>
            )}
          </div>
        );
      case 'time':
        return null;
      case 'hours':
        return (
          <Controller
            key="hours"
            control={control}
            name="hours"
            render={({ field }) => (
              <Stepper
                label="Hours"
                value={field.value}
                min={LIMITS.bookingDurationHours.min}
                step={LIMITS.bookingDurationHours.step}
                max={BOOKING_MAX_HOURS}
                onChange={field.onChange}
                error={errors.hours?.message}
              />
            )}
          />
        );
      case 'location':
        return (
          <Controller
            key="location"
            control={control}
            name="location"
            render={({ field }) => (
              <PlaceField
                label="Location"
                value={field.value}
                onChange={(place: BookingLocation) => {
                  field.onChange(place);
                  form.clearErrors('location');
                }}
                error={errors.location?.message}
              />
            )}
          />
        );
      case 'names':
      case 'emails':
        return (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <RowsField
                legend={name === 'names' ? 'Names in the shoutout' : 'Recipient emails'}
                itemLabel={name === 'names' ? 'Name' : 'Email'}
                type={name === 'names' ? 'text' : 'email'}
                rows={field.value}
                max={SHOUTOUT_MAX_ROWS}
                onChange={(rows, shown) => {
                  field.onChange(rows);
                  // After a refused Submit, each row's message goes as soon as that row is right.
                  if (rowErrors) {
                    const current = shoutoutRowErrors(name === 'names' ? rows : values.names, name === 'emails' ? rows : values.emails);
                    setRowErrors({ ...rowErrors, [name]: rowErrorsAfterEdit(shown, current[name]) });
                  }
                }}
                rowErrors={rowErrors?.[name] ?? []}
                error={errors[name]?.message}
              />
            )}
          />
        );
      case 'link':
        return (
          <Controller
            key="link"
            control={control}
            name="link"
            render={({ field }) => (
              <TextField label="Link (optional)" inputMode="url" placeholder="https://" maxLength={2000} error={errors.link?.message} {...field} />
            )}
          />
        );
      case 'price':
        return (
          <Controller
            key="price"
            control={control}
            name="price"
            render={({ field }) => (
              <TextField
                label="Your offer (USD)"
                inputMode="decimal"
                placeholder={rate > 0 ? String(rate) : '0.00'}
                hint={rate > 0 ? `${athlete.first_name ?? 'The athlete'}'s endorsements start at ${formatDollars(rate)}` : undefined}
                error={errors.price?.message}
                {...field}
                onChange={(event) => field.onChange(priceInput(event.target.value))}
              />
            )}
          />
        );
      default:
        return text(name as TextFieldName);
    }
  };

  return (
    <form ref={formRef} className="bk-form hd-panel" noValidate onSubmit={submit} aria-label={`Book a ${SERVICE_LABELS[type].toLowerCase()}`}>
      {TYPE_FIELDS[type].map(fieldOf)}
      <Controller
        control={control}
        name="name"
        render={({ field }) => (
          <TextField
            label="Request name"
            hint="A name you will recognise this request by"
            maxLength={REQUEST_NAME_MAX}
            error={errors.name?.message}
            {...field}
          />
        )}
      />
      <Controller
        control={control}
        name="platforms"
        render={({ field }) => <PlatformsField value={field.value} onChange={field.onChange} error={errors.platforms?.message} />}
      />
      <div className="bk-total" aria-live="polite">
        <span>Total</span>
        <strong>{priceCents === null ? '—' : formatDollars(priceCents / 100)}</strong>
        {perHour && <span className="hd-muted">{`${formatDollars(rate)} / hour × ${values.hours} ${values.hours === 1 ? 'hour' : 'hours'}`}</span>}
      </div>
      {formError && (
        <p className="hd-field__error" role="alert">
          {formError}
        </p>
      )}
      <p className="hd-muted bk-note">Your card is held when you pay and charged only when the athlete accepts.</p>
      <Button type="submit" variant="accent" block loading={create.isPending}>
        Submit
      </Button>
    </form>
  );
}
